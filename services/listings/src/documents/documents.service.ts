import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  propertyDocumentRequestSchema,
  type OwnedProperty,
  type PropertyDocument,
  type Site,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import { AttachDocument } from '../drafts/attach-document.js';
import { findOwned } from '../drafts/who-may.js';
import type { UploadedPart } from '../media/multipart.js';
import { documentKey, StorageCleanup } from '../media/storage-cleanup.js';
import { documentError } from './document-upload.interceptor.js';

/** The type of a document by its first bytes (the file name and declared type are the client's word). */
export function documentTypeOf(bytes: Buffer): 'application/pdf' | 'image/jpeg' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * Document files of a listing (spec §5: jpeg or pdf, under 2 MB, at least one before it is
 * sent): the bytes go to the object storage first, then the row (through `AttachDocument`, with
 * its audit row and `listing.updated`); bytes whose row did not commit are removed (and, after
 * a crash, by the sweep of `StorageCleanup`).
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly attach: AttachDocument,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly cleanup: StorageCleanup,
  ) {}

  async upload(
    user: AuthUser,
    site: Site,
    propertyId: string,
    file: UploadedPart | undefined,
    title: unknown,
  ): Promise<OwnedProperty> {
    if (!file) throw documentError('file.required');
    const contentType = documentTypeOf(file.buffer);
    if (!contentType) throw documentError('document.type');
    const parsed = propertyDocumentRequestSchema.safeParse({
      title,
      fileName: file.originalname,
      contentType,
      sizeBytes: file.size,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw documentError(issue.message, issue.path[0] === 'title' ? 'title' : 'fileName');
    }
    // Refused early (not theirs, another site) before any byte is stored.
    await this.dataSource.transaction((manager) => findOwned(manager, user, site, propertyId, false));
    const id = randomUUID();
    const storageKey = documentKey(id);
    const uploadTicket = await this.cleanup.expectUpload([storageKey]);
    try {
      await this.storage.put(storageKey, file.buffer, contentType);
      return await this.attach.execute({
        user,
        site,
        propertyId,
        document: parsed.data,
        file: { id, storageKey, uploadTicket },
      });
    } catch (error) {
      await this.cleanup.abandon(uploadTicket);
      throw error;
    }
  }

  /** A document's file for its owner, or for an admin of the site (moderation); 404 for anyone else. */
  async read(user: AuthUser, site: Site, propertyId: string, documentId: string) {
    if (user.role !== 'admin')
      await this.dataSource.transaction((manager) => findOwned(manager, user, site, propertyId, false));
    const [row] = (await this.dataSource.query(
      `SELECT "storage_key", "file_name", "content_type" FROM "property_documents"
       WHERE "id" = $1 AND "property_id" = $2 AND "site" = $3`,
      [documentId, propertyId, site],
    )) as { storage_key: string | null; file_name: string; content_type: PropertyDocument['contentType'] }[];
    if (!row?.storage_key) throw new AppException('NOT_FOUND');
    const object = await this.storage.get(row.storage_key);
    if (!object) throw new AppException('NOT_FOUND');
    return { body: object.body, fileName: row.file_name, contentType: row.content_type };
  }
}
