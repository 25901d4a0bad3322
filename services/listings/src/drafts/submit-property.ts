import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listingSubmittedV1, type OwnedProperty, type RegulatorVerified, type Site } from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { AdLicences, licenceNumbersOf } from '../ad-licence/ad-licences.js';
import { LicenceExpiryScheduler } from '../ad-licence/licence-expiry.job.js';
import { actorOf, audit, eventActor } from './audit.js';
import { assertSubmittable } from './draft-fields.js';
import { documentsOf, ownedView, photosOf, publishEvent } from './owned.js';
import { findOwned } from './who-may.js';

interface Command {
  user: AuthUser;
  site: Site;
  propertyId: string;
}

/**
 * Draft (or rejected) → pending: the owner sends the listing to the admins. Spec §4: only once
 * at least one document is attached; and only when every field a listing page shows is there.
 * On `sa` REGA confirms the ad licence first (INTEGRATIONS.md): an unknown or expired licence is
 * a 422 on `regulator.adLicenseNumber`, an unreachable regulator a 503 to retry; either way the
 * draft stays as it was. Sending a pending listing again changes nothing; an accepted one is
 * sent by editing it.
 */
@Injectable()
export class SubmitProperty {
  constructor(
    private readonly dataSource: DataSource,
    private readonly licences: AdLicences,
    private readonly expiry: LicenceExpiryScheduler,
  ) {}

  async execute(command: Command): Promise<OwnedProperty> {
    const { user, site, propertyId } = command;
    const verified = site === 'sa' ? await this.verifyLicence(command) : null;
    const { view, property } = await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.approvalStatus === 'pending')
        return { view: await ownedView(manager, property), property };
      if (property.approvalStatus === 'accepted' || property.state === 'sold')
        throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      const documents = (await documentsOf(manager, [property.id])).get(property.id) ?? [];
      const photos = (await photosOf(manager, [property.id])).get(property.id) ?? [];
      assertSubmittable(site, property.draft, { documents: documents.length, photos: photos.length });
      if (verified) {
        // The numbers changed while the regulator was asked: what it confirmed is not this ad's.
        if (licenceNumbersOf(property.draft)?.adLicenseNumber !== verified.adLicenseNumber)
          throw new AppException('TRANSITION_NOT_ALLOWED', 422);
        this.licences.record(property, verified);
      }
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
      return { view: await ownedView(manager, property), property };
    });
    if (verified && property.licenceEndsAt)
      await this.expiry.schedule({ id: property.id, licenceEndsAt: property.licenceEndsAt });
    return view;
  }

  /**
   * The regulator's word on the draft's licence, asked outside the transaction once the draft
   * is otherwise complete (missing fields are reported first, without a call to REGA).
   */
  private async verifyLicence({ user, site, propertyId }: Command): Promise<RegulatorVerified | null> {
    const numbers = await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.approvalStatus === 'pending' || property.approvalStatus === 'accepted') return null;
      if (property.state === 'sold') return null;
      const documents = (await documentsOf(manager, [property.id])).get(property.id) ?? [];
      const photos = (await photosOf(manager, [property.id])).get(property.id) ?? [];
      assertSubmittable(site, property.draft, { documents: documents.length, photos: photos.length });
      return licenceNumbersOf(property.draft);
    });
    return numbers ? this.licences.verify(numbers.advertiserId, numbers.adLicenseNumber) : null;
  }
}
