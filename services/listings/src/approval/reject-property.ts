import { Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listingRejectedV1, type OwnedProperty, type Site } from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { releaseRemovedDocuments } from '../documents/removed-documents.js';
import { actorOf, audit, eventActor } from '../drafts/audit.js';
import { ownedView, publishEvent } from '../drafts/owned.js';
import { removeAfterCommit, StorageCleanup } from '../media/storage-cleanup.js';
import { Property } from '../properties/property.entity.js';

/**
 * An admin rejects what waits for approval, with the reason the owner reads (kept with its
 * date until the next acceptance). When an edit of a published listing is rejected, the
 * accepted version stays public. Documents the owner removed during the moderation go now
 * (with their bytes after the commit), but those the public version was accepted with.
 */
@Injectable()
export class RejectProperty {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly cleanup?: StorageCleanup,
  ) {}

  async execute({
    user,
    site,
    propertyId,
    reason,
  }: {
    user: AuthUser;
    site: Site;
    propertyId: string;
    reason: string;
  }): Promise<OwnedProperty> {
    let removed: string | null = null;
    const view = await this.dataSource.transaction(async (manager) => {
      const property = await manager.findOne(Property, {
        where: { id: propertyId, site },
        lock: { mode: 'pessimistic_write' },
      });
      if (!property) throw new AppException('NOT_FOUND');
      if (property.approvalStatus !== 'pending') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      property.approvalStatus = 'rejected';
      property.rejectedReason = reason;
      property.rejectedAt = new Date();
      await manager.save(property);
      const actor = actorOf(user);
      const publishedStays = property.approvedAt !== null && property.state === 'active';
      await audit(manager, property, actor, 'rejected', { reason, publishedStays });
      await publishEvent(manager, site, property.id, listingRejectedV1, {
        id: property.id,
        agentId: property.agentId,
        companyId: property.companyId,
        reason,
        rejectedAt: property.rejectedAt.toISOString(),
        by: eventActor(actor),
        publishedStays,
      });
      removed = await removeAfterCommit(
        manager,
        await releaseRemovedDocuments(manager, property, 'acceptedVersion'),
      );
      return ownedView(manager, property);
    });
    await this.cleanup?.removeNow(removed);
    return view;
  }
}
