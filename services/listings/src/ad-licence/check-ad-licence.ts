import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  fieldMessage,
  listingApprovedV2,
  listingUpdatedV1,
  type AdLicenceCheckRequest,
  type OwnedProperty,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { actorOf, audit, eventActor } from '../drafts/audit.js';
import { ownedView, publishEvent } from '../drafts/owned.js';
import { findOwned } from '../drafts/who-may.js';
import { AdLicences } from './ad-licences.js';
import { LicenceExpiryScheduler } from './licence-expiry.job.js';

/**
 * The wizard's ad-licence step on the Saudi site (`POST /v1/properties/:id/ad-licence`): the
 * numbers typed are saved in the draft first (nothing typed is lost, whatever the regulator
 * says), then REGA is asked; a confirmed licence is kept on the listing, fills the draft's
 * empty regulator fields, and its end is scheduled. On a public listing only its own licence
 * can be checked again (a renewal: the public version and its end follow); another licence
 * is an edit of the listing.
 */
@Injectable()
export class CheckAdLicence {
  constructor(
    private readonly dataSource: DataSource,
    private readonly licences: AdLicences,
    private readonly expiry: LicenceExpiryScheduler,
  ) {}

  async execute({
    user,
    site,
    propertyId,
    request,
  }: {
    user: AuthUser;
    site: Site;
    propertyId: string;
    request: AdLicenceCheckRequest;
  }): Promise<OwnedProperty> {
    if (site !== 'sa')
      throw new AppException('VALIDATION_FAILED', 422, [
        {
          field: 'regulator',
          message: fieldMessage('regulator.saudiOnly', currentContext()?.language ?? 'en'),
        },
      ]);
    const actor = actorOf(user);
    await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.state === 'sold') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      const regulator = property.draft.regulator ?? {};
      if (
        regulator.advertiserId === request.advertiserId &&
        regulator.adLicenseNumber === request.adLicenseNumber
      )
        return;
      property.draft = { ...property.draft, regulator: { ...regulator, ...request } };
      // Other numbers: what was confirmed for the old ones no longer speaks for this ad.
      if (property.regulatorVerified?.adLicenseNumber !== request.adLicenseNumber)
        property.regulatorVerified = null;
      await manager.save(property);
      await audit(manager, property, actor, 'updated', { fields: ['regulator'] });
      await publishEvent(manager, site, property.id, listingUpdatedV1, {
        id: property.id,
        by: eventActor(actor),
        fields: ['regulator'],
        approvalStatus: property.approvalStatus,
      });
    });
    const verified = await this.licences.verify(request.advertiserId, request.adLicenseNumber);
    const { view, scheduled } = await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      this.licences.record(property, verified);
      // The same licence confirmed again (renewed): the public version shows the regulator's
      // current word, and search hears it if the listing is on the market.
      if (property.published) {
        property.published = { ...property.published, regulatorVerified: verified };
        if (property.state === 'active')
          await publishEvent(manager, site, property.id, listingApprovedV2, property.published);
      }
      await manager.save(property);
      await audit(manager, property, actor, 'adLicenceVerified', {
        adLicenseNumber: verified.adLicenseNumber,
        endDate: verified.endDate,
      });
      return { view: await ownedView(manager, property), scheduled: property };
    });
    if (scheduled.licenceEndsAt)
      await this.expiry.schedule({ id: scheduled.id, licenceEndsAt: scheduled.licenceEndsAt });
    return view;
  }
}
