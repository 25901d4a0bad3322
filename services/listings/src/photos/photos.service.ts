import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  listingUpdatedV1,
  PHOTO_LIMITS,
  PHOTO_SIZES,
  type OwnedProperty,
  type PhotoSize,
  type Site,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import { actorOf, audit, eventActor } from '../drafts/audit.js';
import { ownedView, publishEvent } from '../drafts/owned.js';
import { findOwned } from '../drafts/who-may.js';
import { photoKeys, StorageCleanup } from '../media/storage-cleanup.js';
import {
  photoKey,
  photoUrl,
  processPhoto,
  uploadedPhotoId,
  type ProcessedPhoto,
} from './photo-processing.js';
import { photoError, type UploadedPhoto } from './photo-upload.interceptor.js';

/** `<repo>/.data/media`, the filesystem engine's folder in development (this file is `services/listings/{src,dist}/photos/…`). */
export const DEFAULT_MEDIA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../.data/media');

const SIZES = Object.keys(PHOTO_SIZES) as PhotoSize[];

/**
 * Whether a photo id is known: a row, or a public version still showing it (its card URL). The
 * second half reads the GIN index `IDX_properties_published_photos` (migration
 * `1765390000000-document-removal`) rather than every listing: an id no row has (a removed
 * photo, a guessed id) no longer scans `properties`.
 */
export const PHOTO_KNOWN_SQL = `SELECT 1 FROM "property_photos" WHERE "id" = $1
       UNION ALL
       SELECT 1 FROM "properties" WHERE "published" -> 'media' -> 'photos' ? $2
       LIMIT 1`;

/**
 * Photos of a listing (spec §5): added by its owner in selections of at most 10, each under
 * 2 MB and a jpeg, png or gif by its content, kept as webp at the sizes the pages use in the
 * object storage (`@manzil/storage`), ordered, removable. The bytes are written before the
 * rows (a row never points at nothing); objects whose rows did not commit are removed, and
 * those of a removed photo after its removal commits (`StorageCleanup`; the sweep retries).
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly cleanup: StorageCleanup,
  ) {}

  async add(
    user: AuthUser,
    site: Site,
    propertyId: string,
    files: UploadedPhoto[] | undefined,
  ): Promise<OwnedProperty> {
    if (!files?.length) throw photoError('file.required');
    if (files.length > PHOTO_LIMITS.maxPerSelection) throw photoError('photo.count');
    const processed: ProcessedPhoto[] = [];
    for (const file of files) {
      if (file.size >= PHOTO_LIMITS.maxBytes) throw photoError('file.size');
      const photo = await processPhoto(file.buffer);
      if (!photo) throw photoError('file.type');
      processed.push(photo);
    }
    // Refused early (ownership, sold) before any byte is stored.
    await this.dataSource.transaction((manager) => this.assertEditable(manager, user, site, propertyId));
    const ids = processed.map(() => randomUUID());
    const ticket = await this.cleanup.expectUpload(ids.flatMap(photoKeys));
    try {
      for (const [i, photo] of processed.entries())
        for (const size of SIZES)
          await this.storage.put(photoKey(ids[i], size), photo.sizes[size], 'image/webp');
      return await this.dataSource.transaction(async (manager) => {
        const property = await this.assertEditable(manager, user, site, propertyId);
        const [{ count, next }] = (await manager.query(
          `SELECT count(*)::int AS "count", COALESCE(max("position") + 1, 0)::int AS "next"
           FROM "property_photos" WHERE "property_id" = $1`,
          [property.id],
        )) as { count: number; next: number }[];
        if (count + processed.length > PHOTO_LIMITS.maxPerListing) throw photoError('photo.count');
        for (const [i, photo] of processed.entries())
          await manager.query(
            `INSERT INTO "property_photos" ("id", "property_id", "site", "position", "width", "height", "blur_data_url", "created_by")
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [ids[i], property.id, site, next + i, photo.width, photo.height, photo.blurDataUrl, user.id],
          );
        await this.cleanup.attached(manager, ticket);
        await this.changed(manager, user, property, 'photos.added', { photoIds: ids });
        return ownedView(manager, property);
      });
    } catch (error) {
      await this.cleanup.abandon(ticket);
      throw error;
    }
  }

  async remove(user: AuthUser, site: Site, propertyId: string, photoId: string): Promise<OwnedProperty> {
    let ticket: string | null = null;
    const view = await this.dataSource.transaction(async (manager) => {
      const property = await this.assertEditable(manager, user, site, propertyId);
      const [, deleted] = (await manager.query(
        `DELETE FROM "property_photos" WHERE "id" = $1 AND "property_id" = $2 RETURNING "id"`,
        [photoId, property.id],
      )) as [unknown, number];
      if (!deleted) throw new AppException('NOT_FOUND');
      // The public version of an accepted listing may still show it while this edit waits for
      // approval: its bytes stay until an approval replaces that version (`ApproveProperty`).
      const shownPublicly = property.published?.media.photos.some((url) => uploadedPhotoId(url) === photoId);
      if (!shownPublicly) ticket = await this.cleanup.removeAfterCommit(manager, photoKeys(photoId));
      await this.renumber(manager, property.id);
      await this.changed(manager, user, property, 'photos.removed', { photoId });
      return ownedView(manager, property);
    });
    // After the commit: a failed delete leaves an unreachable object (the sweep's), never a row without bytes.
    await this.cleanup.removeNow(ticket);
    return view;
  }

  /** Puts the photos in the order given: every photo of the listing, once (422 otherwise). */
  async reorder(user: AuthUser, site: Site, propertyId: string, ids: string[]): Promise<OwnedProperty> {
    return this.dataSource.transaction(async (manager) => {
      const property = await this.assertEditable(manager, user, site, propertyId);
      const rows = (await manager.query(`SELECT "id" FROM "property_photos" WHERE "property_id" = $1`, [
        property.id,
      ])) as { id: string }[];
      const known = new Set(rows.map((row) => row.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
        throw new AppException('VALIDATION_FAILED', 422, [
          { field: 'ids', message: photoError('photo.order').fields?.[0]?.message ?? '' },
        ]);
      for (const [position, id] of ids.entries())
        await manager.query(`UPDATE "property_photos" SET "position" = $1 WHERE "id" = $2`, [position, id]);
      await this.changed(manager, user, property, 'photos.reordered', {});
      return ownedView(manager, property);
    });
  }

  /**
   * A size of a photo, for anyone (ids are random; see README): a photo of a listing, or one a
   * listing's public version still shows after the owner deleted it from a pending edit.
   */
  async read(id: string, size: PhotoSize) {
    const [row] = (await this.dataSource.query(PHOTO_KNOWN_SQL, [id, photoUrl(id, 'card')])) as unknown[];
    if (!row) return null;
    return this.storage.get(photoKey(id, size));
  }

  private async assertEditable(
    manager: Parameters<typeof findOwned>[0],
    user: AuthUser,
    site: Site,
    id: string,
  ) {
    const property = await findOwned(manager, user, site, id);
    if (property.state === 'sold') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
    return property;
  }

  private async renumber(manager: Parameters<typeof findOwned>[0], propertyId: string) {
    await manager.query(
      `UPDATE "property_photos" AS p SET "position" = o.n - 1
       FROM (SELECT "id", row_number() OVER (ORDER BY "position", "created_at") AS n FROM "property_photos" WHERE "property_id" = $1) AS o
       WHERE p."id" = o."id"`,
      [propertyId],
    );
  }

  private async changed(
    manager: Parameters<typeof findOwned>[0],
    user: AuthUser,
    property: { id: string; site: Site; approvalStatus: 'draft' | 'pending' | 'accepted' | 'rejected' },
    action: string,
    detail: Record<string, unknown>,
  ) {
    const actor = actorOf(user);
    await audit(manager, property, actor, action, detail);
    await publishEvent(manager, property.site, property.id, listingUpdatedV1, {
      id: property.id,
      by: eventActor(actor),
      fields: ['photos'],
      approvalStatus: property.approvalStatus,
    });
  }
}
