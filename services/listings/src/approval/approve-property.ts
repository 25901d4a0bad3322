import { Injectable, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  fieldMessage,
  listingApprovedV2,
  type PropertyPhoto,
  type PropertySummary,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit/base';
import { applyAdvertiserNames } from '../accounts/advertiser-names.js';
import { releaseRemovedDocuments } from '../documents/removed-documents.js';
import { audit, type Actor } from '../drafts/audit.js';
import { photosOf, publishEvent } from '../drafts/owned.js';
import {
  droppedPhotoKeys,
  droppedVideoKeys,
  removeAfterCommit,
  StorageCleanup,
} from '../media/storage-cleanup.js';
import { LocationsService, type ResolvedLocation } from '../locations/locations.service.js';
import { Property } from '../properties/property.entity.js';
import { applyDraft, toPublished } from '../properties/published.js';
import { toSummary } from '../properties/property-summary.js';

export interface ApprovePropertyCommand {
  site: Site;
  propertyId: string;
  /** The admin who accepts (absent for the seed). */
  actor?: Actor;
}

/** The property accepted: its draft becomes the card columns and the public version (`published`). */
export function accept(property: Property, resolved: ResolvedLocation, photos: PropertyPhoto[]): void {
  applyDraft(property, resolved, photos);
  property.approvalStatus = 'accepted';
  property.approvedAt = new Date();
  property.rejectedReason = null;
  property.rejectedAt = null;
  property.published = toPublished(property, resolved, photos);
}

/** The audit row of an acceptance and, while the listing is on the market, `listing.approved` v2. */
export async function announceAccepted(
  manager: EntityManager,
  property: Property,
  actor: Actor,
): Promise<void> {
  await audit(manager, property, actor, 'approved');
  if (property.state === 'active' && property.published)
    await publishEvent(manager, property.site, property.id, listingApprovedV2, property.published);
}

/**
 * An admin accepts a property: its draft becomes the public version. The card columns, the
 * `published` snapshot, the audit row and `listing.approved` v2 (through the outbox) commit in
 * one transaction, so search learns of every accepted property and of nothing else.
 *
 * Pending and rejected properties can be accepted (an admin may reconsider a rejection); a
 * draft has not been sent for approval yet. Accepting an accepted property changes nothing
 * and publishes nothing. An inactive or sold listing is accepted without being announced.
 */
@Injectable()
export class ApproveProperty {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: LocationsService,
    /** Absent in the seed (no storage at hand, and no uploaded videos): a removal then waits for the sweep. */
    @Optional() private readonly cleanup?: StorageCleanup,
  ) {}

  async execute(command: ApprovePropertyCommand): Promise<PropertySummary> {
    const { summary, removed } = await this.dataSource.transaction((manager) =>
      this.approve(manager, command),
    );
    // After the commit: uploaded videos and photos the replaced public version showed and the new one does not, removed documents.
    await this.cleanup?.removeNow(removed);
    return summary;
  }

  private async approve(
    manager: EntityManager,
    { site, propertyId, actor }: ApprovePropertyCommand,
  ): Promise<{ summary: PropertySummary; removed: string | null }> {
    // Scoped by site: another site's property is "not found", never "forbidden".
    const property = await manager.findOne(Property, {
      where: { id: propertyId, site },
      lock: { mode: 'pessimistic_write' },
    });
    if (!property) throw new AppException('NOT_FOUND');
    if (property.approvalStatus === 'accepted') return { summary: toSummary(property), removed: null };
    if (property.approvalStatus === 'draft') {
      const language = currentContext()?.language ?? 'en';
      throw new AppException('VALIDATION_FAILED', 422, [
        { field: 'approvalStatus', message: fieldMessage('invalid', language) },
      ]);
    }
    const { resolved } = await this.locations.check(manager, site, property.draft);
    const photos = (await photosOf(manager, [property.id])).get(property.id) ?? [];
    await applyAdvertiserNames(manager, property);
    const shownBefore = property.published?.media;
    accept(property, resolved, photos);
    await manager.save(property);
    await announceAccepted(manager, property, actor ?? { id: null, role: 'system' });
    const removed = await removeAfterCommit(manager, [
      ...droppedVideoKeys(shownBefore?.videos ?? [], property.published?.media.videos ?? []),
      ...droppedPhotoKeys(shownBefore?.photos ?? [], property.published?.media.photos ?? []),
      // Documents the owner removed while the replaced version or this moderation needed them.
      ...(await releaseRemovedDocuments(manager, property, 'none')),
    ]);
    return { summary: toSummary(property), removed };
  }
}
