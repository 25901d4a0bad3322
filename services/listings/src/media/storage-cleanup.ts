import { randomUUID } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PHOTO_SIZES, uploadedVideoId, type PhotoSize } from '@manzil/contracts';
import { OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import { photoKey, uploadedPhotoId } from '../photos/photo-processing.js';

/** Where a document's and a video's bytes are kept (a photo's: `photoKey`, one per size). */
export const documentKey = (id: string) => `listings/documents/${id}`;
export const videoKey = (id: string) => `listings/videos/${id}`;

/** Every stored object of a photo: one per size the pages use. */
export const photoKeys = (id: string) =>
  (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((size) => photoKey(id, size));

/** The stored objects of the uploaded videos among `paths` (links have none). */
export const uploadedVideoKeys = (paths: readonly string[]) =>
  paths.flatMap((path) => {
    const id = uploadedVideoId(path);
    return id ? [videoKey(id)] : [];
  });

/**
 * The stored objects of uploaded videos shown by `before` (the versions of a listing before a
 * change: draft and public) and by none of `after`: what the change leaves nobody to play.
 */
export function droppedVideoKeys(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(uploadedVideoKeys(after));
  return [...new Set(uploadedVideoKeys(before))].filter((key) => !kept.has(key));
}

/**
 * In the transaction that drops media rows: the objects to delete once it commits (due at once,
 * so the sweep takes them if nobody does). Returns the ticket for `StorageCleanup.removeNow`,
 * or null when there is nothing to delete.
 */
export async function removeAfterCommit(manager: EntityManager, keys: string[]): Promise<string | null> {
  if (!keys.length) return null;
  const id = randomUUID();
  await manager.query(
    `INSERT INTO "storage_cleanup" ("id", "keys", "reason", "due_at") VALUES ($1, $2, 'removed', now())`,
    [id, keys],
  );
  return id;
}

/**
 * The stored objects of uploaded photos the public version `before` showed (its URLs) and
 * `after` does not: what an accepted edit leaves nobody to see. (A photo deleted from the draft
 * while the public version still shows it keeps its bytes until then: `PhotosService.remove`.)
 */
export function droppedPhotoKeys(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after.map(uploadedPhotoId));
  return [...new Set(before.map(uploadedPhotoId))]
    .filter((id): id is string => id !== null && !kept.has(id))
    .flatMap(photoKeys);
}

/** The temporary files multer writes for large uploads (`diskMultipart`): `manzil-upload-<pid>-<uuid>`. */
const UPLOAD_TEMP_FILE = /^manzil-upload-\d+-[0-9a-f-]{36}$/;

export const STORAGE_CLEANUP_SETTINGS = Symbol('STORAGE_CLEANUP_SETTINGS');
export interface StorageCleanupSettings {
  /** An upload not attached after this long was abandoned: its objects and temporary files go. */
  uploadMaxAgeMs: number;
}

export interface SweepReport {
  /** Objects deleted (of abandoned uploads, and of removals whose delete had failed). */
  objects: number;
  /** Temporary upload files deleted. */
  tempFiles: number;
}

/**
 * Stored objects that may have to go, kept in `storage_cleanup` so that neither a crash nor a
 * failed storage delete leaves bytes nobody will ever remove:
 *
 * - an upload writes a row (due once the upload is older than `uploadMaxAgeMs`) before its bytes,
 *   and the transaction that attaches them deletes it (`attached`); an upload refused after its
 *   bytes were written removes them at once (`abandon`);
 * - a removal writes a row (due at once) in the transaction that drops the media's row
 *   (`removeAfterCommit`), and after the commit (`removeNow`) the storage deletes the bytes and
 *   the row goes. A delete that fails is logged and left to the sweep: the database is already
 *   right (no row points at bytes that may be gone).
 *
 * `sweep` deletes what is due, and the temporary upload files older than `uploadMaxAgeMs`.
 */
@Injectable()
export class StorageCleanup {
  private readonly logger = new Logger('storage-cleanup');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(STORAGE_CLEANUP_SETTINGS) private readonly settings: StorageCleanupSettings,
  ) {}

  /** Before an upload's bytes are written: the ticket the attaching transaction hands back. */
  async expectUpload(keys: string[]): Promise<string> {
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO "storage_cleanup" ("id", "keys", "reason", "due_at")
       VALUES ($1, $2, 'upload', now() + make_interval(secs => $3::float8 / 1000))`,
      [id, keys, this.settings.uploadMaxAgeMs],
    );
    return id;
  }

  /** In the transaction that attaches the upload's bytes to a row: they are kept. */
  async attached(manager: EntityManager, ticket: string): Promise<void> {
    await manager.query(`DELETE FROM "storage_cleanup" WHERE "id" = $1`, [ticket]);
  }

  /** An upload refused after its bytes were written: they go now (else the sweep takes them). */
  async abandon(ticket: string): Promise<void> {
    await this.removeNow(ticket);
  }

  /** See `removeAfterCommit`. */
  removeAfterCommit(manager: EntityManager, keys: string[]): Promise<string | null> {
    return removeAfterCommit(manager, keys);
  }

  /**
   * After the commit: deletes the objects of a ticket, then the ticket. Never throws: a failed
   * delete is logged and the ticket stays for the sweep.
   */
  async removeNow(ticket: string | null): Promise<void> {
    if (!ticket) return;
    try {
      const [row] = (await this.dataSource.query(`SELECT "keys" FROM "storage_cleanup" WHERE "id" = $1`, [
        ticket,
      ])) as { keys: string[] }[];
      if (!row) return;
      await this.deleteObjects(row.keys);
      await this.dataSource.query(`DELETE FROM "storage_cleanup" WHERE "id" = $1`, [ticket]);
    } catch (error) {
      this.logger.warn({ error: String(error), ticket, msg: 'stored media not deleted; left to the sweep' });
    }
  }

  /** Deletes what is due (abandoned uploads, failed removals) and old temporary upload files. */
  async sweep(batch = 500): Promise<SweepReport> {
    const report: SweepReport = { objects: 0, tempFiles: 0 };
    for (;;) {
      const rows = (await this.dataSource.query(
        `SELECT "id", "keys" FROM "storage_cleanup" WHERE "due_at" <= now() ORDER BY "due_at" LIMIT $1`,
        [batch],
      )) as { id: string; keys: string[] }[];
      let swept = 0;
      for (const row of rows) {
        try {
          await this.deleteObjects(row.keys);
        } catch (error) {
          this.logger.warn({
            error: String(error),
            ticket: row.id,
            msg: 'stored media not deleted; next sweep',
          });
          continue;
        }
        await this.dataSource.query(`DELETE FROM "storage_cleanup" WHERE "id" = $1`, [row.id]);
        report.objects += row.keys.length;
        swept += 1;
      }
      if (rows.length < batch || swept === 0) break;
    }
    report.tempFiles = await this.sweepTempFiles();
    return report;
  }

  /** multer's temporary files of uploads older than the age (a process that crashed mid-upload). */
  private async sweepTempFiles(): Promise<number> {
    const dir = tmpdir();
    const oldest = Date.now() - this.settings.uploadMaxAgeMs;
    let removed = 0;
    for (const name of await readdir(dir)) {
      if (!UPLOAD_TEMP_FILE.test(name)) continue;
      const path = join(dir, name);
      try {
        const info = await stat(path);
        if (!info.isFile() || info.mtimeMs > oldest) continue;
        await unlink(path);
        removed += 1;
      } catch (error) {
        // Gone meanwhile (its request ended) is fine; anything else waits for the next sweep.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          this.logger.warn({ error: String(error), path, msg: 'temporary upload file not deleted' });
      }
    }
    return removed;
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    for (const key of keys) await this.storage.delete(key);
  }
}
