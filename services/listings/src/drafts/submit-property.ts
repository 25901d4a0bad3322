import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listingSubmittedV1, type OwnedProperty, type Site } from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { actorOf, audit, eventActor } from './audit.js';
import { assertSubmittable } from './draft-fields.js';
import { documentsOf, ownedView, photosOf, publishEvent } from './owned.js';
import { findOwned } from './who-may.js';

/**
 * Draft (or rejected) → pending: the owner sends the listing to the admins. Spec §4: only once
 * at least one document is attached; and only when every field a listing page shows is there.
 * Sending a pending listing again changes nothing; an accepted one is sent by editing it.
 */
@Injectable()
export class SubmitProperty {
  constructor(private readonly dataSource: DataSource) {}

  async execute({
    user,
    site,
    propertyId,
  }: {
    user: AuthUser;
    site: Site;
    propertyId: string;
  }): Promise<OwnedProperty> {
    return this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.approvalStatus === 'pending') return ownedView(manager, property);
      if (property.approvalStatus === 'accepted' || property.state === 'sold')
        throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      const documents = (await documentsOf(manager, [property.id])).get(property.id) ?? [];
      const photos = (await photosOf(manager, [property.id])).get(property.id) ?? [];
      assertSubmittable(site, property.draft, { documents: documents.length, photos: photos.length });
      const from = property.approvalStatus;
      property.approvalStatus = 'pending';
      property.submittedAt = new Date();
      await manager.save(property);
      const actor = actorOf(user);
      const editOfPublished = property.approvedAt !== null;
      await audit(manager, property, actor, 'submitted', { from, editOfPublished });
      await publishEvent(manager, site, property.id, listingSubmittedV1, {
        id: property.id,
        agentId: property.agentId,
        companyId: property.companyId,
        by: eventActor(actor),
        editOfPublished,
        documentCount: documents.length,
      });
      return ownedView(manager, property);
    });
  }
}
