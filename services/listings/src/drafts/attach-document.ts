import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  listingUpdatedV1,
  type OwnedProperty,
  type propertyDocumentRequestSchema,
  type Site,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { StorageCleanup } from '../media/storage-cleanup.js';
import { actorOf, audit, eventActor } from './audit.js';
import { ownedView, publishEvent } from './owned.js';
import { findOwned } from './who-may.js';

export interface AttachDocumentCommand {
  user: AuthUser;
  site: Site;
  propertyId: string;
  document: z.infer<typeof propertyDocumentRequestSchema>;
  /**
   * An uploaded file: its id, where its bytes already are in the object storage, and the
   * upload's ticket (`StorageCleanup.expectUpload`), settled in the transaction of the row.
   */
  file?: { id: string; storageKey: string; uploadTicket: string };
}

/**
 * The owner attaches a document (title deed, permit…): an uploaded file whose bytes are
 * already stored (`DocumentsService`), or metadata only (older clients).
 */
@Injectable()
export class AttachDocument {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cleanup: StorageCleanup,
  ) {}

  async execute({ user, site, propertyId, document, file }: AttachDocumentCommand): Promise<OwnedProperty> {
    return this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.state === 'sold') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      const id = file?.id ?? randomUUID();
      await manager.query(
        `INSERT INTO "property_documents" ("id", "property_id", "site", "title", "file_name", "content_type", "size_bytes", "created_by", "storage_key")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          property.id,
          site,
          document.title,
          document.fileName,
          document.contentType,
          document.sizeBytes,
          user.id,
          file?.storageKey ?? null,
        ],
      );
      if (file) await this.cleanup.attached(manager, file.uploadTicket);
      const actor = actorOf(user);
      await audit(manager, property, actor, 'document.attached', { documentId: id, title: document.title });
      await publishEvent(manager, site, property.id, listingUpdatedV1, {
        id: property.id,
        by: eventActor(actor),
        fields: ['documents'],
        approvalStatus: property.approvalStatus,
      });
      return ownedView(manager, property);
    });
  }
}
