import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fieldMessage, listingApprovedV2, type PropertySummary, type Site } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import { audit, type Actor } from '../drafts/audit.js';
import { photosOf, publishEvent } from '../drafts/owned.js';
import { LocationsService } from '../locations/locations.service.js';
import { Property } from '../properties/property.entity.js';
import { applyDraft, toPublished } from '../properties/published.js';
import { toSummary } from '../properties/property-summary.js';

export interface ApprovePropertyCommand {
  site: Site;
  propertyId: string;
  /** The admin who accepts (absent for the seed). */
  actor?: Actor;
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
  ) {}

  async execute({ site, propertyId, actor }: ApprovePropertyCommand): Promise<PropertySummary> {
    return this.dataSource.transaction(async (manager) => {
      // Scoped by site: another site's property is "not found", never "forbidden".
      const property = await manager.findOne(Property, {
        where: { id: propertyId, site },
        lock: { mode: 'pessimistic_write' },
      });
      if (!property) throw new AppException('NOT_FOUND');
      if (property.approvalStatus === 'accepted') return toSummary(property);
      if (property.approvalStatus === 'draft') {
        const language = currentContext()?.language ?? 'en';
        throw new AppException('VALIDATION_FAILED', 422, [
          { field: 'approvalStatus', message: fieldMessage('invalid', language) },
        ]);
      }
      const { resolved } = await this.locations.check(manager, site, property.draft);
      const photos = (await photosOf(manager, [property.id])).get(property.id) ?? [];
      applyDraft(property, resolved, photos);
      property.approvalStatus = 'accepted';
      property.approvedAt = new Date();
      property.rejectedReason = null;
      property.rejectedAt = null;
      const published = toPublished(property, resolved, photos);
      property.published = published;
      await manager.save(property);
      await audit(manager, property, actor ?? { id: null, role: 'system' }, 'approved');
      if (property.state === 'active')
        await publishEvent(manager, site, property.id, listingApprovedV2, published);
      return toSummary(property);
    });
  }
}
