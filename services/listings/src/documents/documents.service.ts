import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  fieldMessage,
  listingUpdatedV1,
  propertyDocumentRequestSchema,
  type OwnedProperty,
  type PropertyDocument,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import { AttachDocument } from '../drafts/attach-document.js';
import { actorOf, audit, eventActor } from '../drafts/audit.js';
import { ownedView, publishEvent } from '../drafts/owned.js';
import { findOwned } from '../drafts/who-may.js';
import type { UploadedPart } from '../media/multipart.js';
import { documentKey, StorageCleanup } from '../media/storage-cleanup.js';
import { documentError } from './document-upload.interceptor.js';
import { documentStillNeeded } from './removed-documents.js';

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

  /**
   * The owner removes a document (the rules of `findOwned`: an agent its own listing, a company
   * its agents'; anyone else and another site: 404). A listing sent for review or public keeps
   * at least one (422 `document.keepOne` on `documents`); a sold one changes no more (422). A
   * document a version still needs (`documentStillNeeded`) is only marked removed, its bytes
   * kept until the approval or rejection that lets it go; any other goes with its row, its
   * bytes after the commit (`StorageCleanup`). Audit row `document.removed`, `listing.updated`.
   */
  async remove(user: AuthUser, site: Site, propertyId: string, documentId: string): Promise<OwnedProperty> {
    let ticket: string | null = null;
    const view = await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.state === 'sold') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      // The listing's row is locked: two removals at once cannot both leave it without any.
      const attached = (await manager.query(
        `SELECT "id", "title", "storage_key", "created_at" FROM "property_documents"
         WHERE "property_id" = $1 AND "removed_at" IS NULL`,
        [property.id],
      )) as { id: string; title: string; storage_key: string | null; created_at: Date }[];
      const document = attached.find((row) => row.id === documentId);
      if (!document) throw new AppException('NOT_FOUND');
      if (attached.length === 1 && ['pending', 'accepted'].includes(property.approvalStatus))
        throw new AppException('VALIDATION_FAILED', 422, [
          {
            field: 'documents',
            message: fieldMessage('document.keepOne', currentContext()?.language ?? 'en'),
          },
        ]);
      const bytesKept = documentStillNeeded(property, document);
      if (bytesKept)
        await manager.query(`UPDATE "property_documents" SET "removed_at" = now() WHERE "id" = $1`, [
          document.id,
        ]);
      else {
        await manager.query(`DELETE FROM "property_documents" WHERE "id" = $1`, [document.id]);
        ticket = await this.cleanup.removeAfterCommit(
          manager,
          document.storage_key ? [document.storage_key] : [],
        );
      }
      const actor = actorOf(user);
      await audit(manager, property, actor, 'document.removed', {
        documentId: document.id,
        title: document.title,
        bytesKept,
      });
      await publishEvent(manager, site, property.id, listingUpdatedV1, {
        id: property.id,
        by: eventActor(actor),
        fields: ['documents'],
        approvalStatus: property.approvalStatus,
      });
      return ownedView(manager, property);
    });
    // After the commit: a failed delete leaves an unreachable object (the sweep's), never a row without bytes.
    await this.cleanup.removeNow(ticket);
    return view;
  }

  /**
   * A document's file for its owner, or for an admin of the site (moderation; also one the
   * owner removed while a version still needs it); 404 for anyone else.
   */
  async read(user: AuthUser, site: Site, propertyId: string, documentId: string) {
    if (user.role !== 'admin')
      await this.dataSource.transaction((manager) => findOwned(manager, user, site, propertyId, false));
    const [row] = (await this.dataSource.query(
      `SELECT "storage_key", "file_name", "content_type" FROM "property_documents"
       WHERE "id" = $1 AND "property_id" = $2 AND "site" = $3 AND ($4 OR "removed_at" IS NULL)`,
      [documentId, propertyId, site, user.role === 'admin'],
    )) as { storage_key: string | null; file_name: string; content_type: PropertyDocument['contentType'] }[];
    if (!row?.storage_key) throw new AppException('NOT_FOUND');
    const object = await this.storage.get(row.storage_key);
    if (!object) throw new AppException('NOT_FOUND');
    return { body: object.body, fileName: row.file_name, contentType: row.content_type };
  }
}
