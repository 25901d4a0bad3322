import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listingDiscardedV1, type Site } from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { photoKeys, removeAfterCommit, StorageCleanup, uploadedVideoKeys } from '../media/storage-cleanup.js';
import { actorOf, audit, eventActor } from './audit.js';
import { publishEvent } from './owned.js';
import { findOwned } from './who-may.js';

export interface DiscardDraftCommand {
  user: AuthUser;
  site: Site;
  propertyId: string;
}

/**
 * The owner throws away a listing that was never public: a draft, or a submission rejected
 * before any acceptance (a pending one waits for the admins; an accepted one is sold or taken
 * off instead, its history being public). The row goes with its photos and documents
 * (cascade), the audit row `discarded` stays (the trail has no foreign key), and
 * `listing.discarded` goes out, in one transaction; the stored bytes of its photos (every
 * size), documents and uploaded videos are deleted after the commit (`StorageCleanup`; a failed
 * delete is left to the sweep).
 */
@Injectable()
export class DiscardDraft {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cleanup: StorageCleanup,
  ) {}

  async execute({ user, site, propertyId }: DiscardDraftCommand): Promise<{ removed: true }> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.approvedAt || !['draft', 'rejected'].includes(property.approvalStatus))
        throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      const photos = (await manager.query(`SELECT "id" FROM "property_photos" WHERE "property_id" = $1`, [
        property.id,
      ])) as { id: string }[];
      const documents = (await manager.query(
        `SELECT "storage_key" FROM "property_documents" WHERE "property_id" = $1 AND "storage_key" IS NOT NULL`,
        [property.id],
      )) as { storage_key: string }[];
      const actor = actorOf(user);
      await audit(manager, property, actor, 'discarded', {
        photos: photos.length,
        documents: documents.length,
      });
      await publishEvent(manager, site, property.id, listingDiscardedV1, {
        id: property.id,
        agentId: property.agentId,
        companyId: property.companyId,
        discardedAt: new Date().toISOString(),
        by: eventActor(actor),
      });
      await manager.query(`DELETE FROM "properties" WHERE "id" = $1`, [property.id]);
      return removeAfterCommit(manager, [
        ...photos.flatMap((photo) => photoKeys(photo.id)),
        ...documents.map((document) => document.storage_key),
        ...uploadedVideoKeys(property.draft.videos ?? []),
      ]);
    });
    await this.cleanup.removeNow(removed);
    return { removed: true };
  }
}
