import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fieldMessage, type Site } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { uploadUrl } from '../accounts/account-profile.js';
import { cleanImage, MAX_IMAGE_BYTES } from './image-processing.js';
import { Upload } from './upload.entity.js';

/** `<repo>/.data/media`, the filesystem engine's folder in development: this file is `services/identity/{src,dist}/uploads/…`. */
export const DEFAULT_MEDIA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../.data/media');

export function fileError(key: 'file.required' | 'file.type' | 'file.size'): AppException {
  return new AppException('VALIDATION_FAILED', 422, [
    { field: 'file', message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);
}

/** Where an upload's bytes are in the object storage. */
export function uploadKey(id: string): string {
  return `identity/uploads/${id}`;
}

/**
 * Pictures and logos: checked and encoded again by their content (`cleanImage`), the bytes
 * in the object storage (`@manzil/storage`), type, size, owner and expiry in `uploads`.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('uploads');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Keeps an image (jpeg, png, gif by its content, < 2 MB; 422 on the `file` field otherwise)
   * encoded again without metadata. With an `owner` it is that account's at once; without,
   * it waits for an account to claim it and is deleted after UPLOAD_CLAIM_SECONDS.
   */
  async store(
    site: Site,
    file: { buffer: Buffer; size: number } | undefined,
    owner: string | null = null,
  ): Promise<{ id: string; url: string }> {
    if (!file) throw fileError('file.required');
    if (file.size >= MAX_IMAGE_BYTES) throw fileError('file.size');
    const image = await cleanImage(file.buffer);
    if (!image) throw fileError('file.type');
    const id = randomUUID();
    // The bytes first: a row never points at nothing; an object whose row failed is removed.
    await this.storage.put(uploadKey(id), image.body, image.contentType);
    try {
      await this.dataSource.getRepository(Upload).insert({
        id,
        site,
        contentType: image.contentType,
        size: image.body.length,
        ownerId: owner,
        expiresAt: owner ? null : new Date(Date.now() + this.config.UPLOAD_CLAIM_SECONDS * 1000),
      });
    } catch (error) {
      await this.storage.delete(uploadKey(id)).catch(() => undefined);
      throw error;
    }
    return { id, url: uploadUrl(this.config.PUBLIC_PATH, id) };
  }

  /** An upload of the site, not expired, with its bytes; null otherwise. */
  async read(site: Site, id: string): Promise<{ upload: Upload; bytes: Buffer } | null> {
    const upload = await this.dataSource
      .getRepository(Upload)
      .createQueryBuilder('upload')
      .where('upload.site = :site AND upload.id = :id', { site, id })
      .andWhere('(upload.expires_at IS NULL OR upload.expires_at > now())')
      .getOne();
    if (!upload) return null;
    const object = await this.storage.get(uploadKey(id));
    if (!object) {
      this.logger.warn({ uploadId: id }, 'upload without its bytes in the storage');
      return null;
    }
    return { upload, bytes: object.body };
  }

  /**
   * Whether `accountId` may take the upload as its picture or logo: one of the site that
   * nobody claimed and that has not expired, or one it already has.
   */
  async claimable(manager: EntityManager, site: Site, id: string, accountId?: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const found = await manager
      .createQueryBuilder(Upload, 'upload')
      .where('upload.site = :site AND upload.id = :id', { site, id })
      .andWhere(
        '((upload.owner_id IS NULL AND upload.expires_at > now()) OR (upload.owner_id IS NOT NULL AND upload.owner_id = :account))',
        { account: accountId ?? null },
      )
      .getExists();
    return found;
  }

  /** Makes the upload the account's (no expiry any more); false when it is not claimable. */
  async claim(manager: EntityManager, site: Site, id: string, accountId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const result = await manager
      .createQueryBuilder()
      .update(Upload)
      .set({ ownerId: accountId, expiresAt: null })
      .where('site = :site AND id = :id', { site, id })
      .andWhere('((owner_id IS NULL AND expires_at > now()) OR owner_id = :account)', { account: accountId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async remove(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.delete(Upload, { id });
    await this.deleteBytes(uploadKey(id));
  }

  /** The bytes of an upload whose row is gone. */
  async deleteBytes(key: string): Promise<void> {
    await this.storage.delete(key);
  }
}
