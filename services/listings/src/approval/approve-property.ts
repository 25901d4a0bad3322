import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fieldMessage, listingApprovedV1, TOPICS, type PropertySummary, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import { AppException, currentContext } from '@manzil/nest-kit';
import { Property } from '../properties/property.entity.js';
import { toSummary } from '../properties/property-summary.js';

export interface ApprovePropertyCommand {
  site: Site;
  propertyId: string;
  requestId?: string;
}

/**
 * An admin accepts a property: it becomes public. The status change and `listing.approved`
 * (through the outbox) commit in one transaction, so search learns of every accepted
 * property and of nothing else.
 *
 * Pending and rejected properties can be accepted (an admin may reconsider a rejection); a
 * draft has not been sent for approval yet. Accepting an accepted property changes nothing
 * and publishes nothing.
 */
@Injectable()
export class ApproveProperty {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ site, propertyId, requestId }: ApprovePropertyCommand): Promise<PropertySummary> {
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
      property.approvalStatus = 'accepted';
      property.approvedAt = new Date();
      property.rejectedReason = null;
      property.rejectedAt = null;
      await manager.save(property);
      const summary = toSummary(property);
      await enqueue(
        manager,
        TOPICS.listingsProperty,
        newEvent(listingApprovedV1, site, property.id, summary, requestId),
      );
      return summary;
    });
  }
}
