import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  listingApprovedV2,
  listingDeactivatedV1,
  listingSoldV1,
  type OwnedProperty,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { fieldMessage } from '@manzil/contracts';
import { licenceEnded } from '../ad-licence/ad-licences.js';
import { releaseSoldDocuments } from '../documents/removed-documents.js';
import { StorageCleanup } from '../media/storage-cleanup.js';
import { actorOf, audit, eventActor } from './audit.js';
import { ownedView, publishEvent } from './owned.js';
import { findOwned } from './who-may.js';

interface Command {
  user: AuthUser;
  site: Site;
  propertyId: string;
}

/**
 * The owner marks a listing sold: it leaves the public lists for good (`listing.sold`). Sold is
 * final, so no version needs the documents the owner removed any more: their bytes go after the
 * commit (the ledger: a failed delete is the sweep's, never a failed sale), their rows stay for
 * the audit (`releaseSoldDocuments`; the audit row `sold` names them in `documentsReleased`).
 */
@Injectable()
export class MarkSold {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cleanup: StorageCleanup,
  ) {}

  async execute({ user, site, propertyId }: Command): Promise<OwnedProperty> {
    let ticket: string | null = null;
    const view = await this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.state === 'sold') return ownedView(manager, property);
      property.state = 'sold';
      property.soldAt = new Date();
      await manager.save(property);
      const released = await releaseSoldDocuments(manager, property.id);
      ticket = await this.cleanup.removeAfterCommit(manager, released.keys);
      const actor = actorOf(user);
      await audit(
        manager,
        property,
        actor,
        'sold',
        released.documentIds.length ? { documentsReleased: released.documentIds } : undefined,
      );
      await publishEvent(manager, site, property.id, listingSoldV1, {
        id: property.id,
        soldAt: property.soldAt.toISOString(),
        by: eventActor(actor),
      });
      return ownedView(manager, property);
    });
    // Never throws: the sale stands whatever the storage answers.
    await this.cleanup.removeNow(ticket);
    return view;
  }
}

/**
 * The owner takes a listing off (inactive) or puts it back (active): `listing.deactivated`
 * with `active`. Putting back a published listing announces its public version again
 * (`listing.approved` v2 of the kept snapshot). A sold listing stays sold.
 */
@Injectable()
export class SetActive {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ user, site, propertyId, active }: Command & { active: boolean }): Promise<OwnedProperty> {
    return this.dataSource.transaction(async (manager) => {
      const property = await findOwned(manager, user, site, propertyId);
      if (property.state === 'sold') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
      if ((property.state === 'active') === active) return ownedView(manager, property);
      // An ad whose licence ended stays down until a licence is confirmed again (INTEGRATIONS.md).
      if (active && licenceEnded(property))
        throw new AppException('VALIDATION_FAILED', 422, [
          {
            field: 'regulator.adLicenseNumber',
            message: fieldMessage('rega.expired', currentContext()?.language ?? 'en'),
          },
        ]);
      property.state = active ? 'active' : 'inactive';
      await manager.save(property);
      const actor = actorOf(user);
      await audit(manager, property, actor, active ? 'activated' : 'deactivated');
      await publishEvent(manager, site, property.id, listingDeactivatedV1, {
        id: property.id,
        active,
        at: new Date().toISOString(),
        by: eventActor(actor),
      });
      if (active && property.published)
        await publishEvent(manager, site, property.id, listingApprovedV2, property.published);
      return ownedView(manager, property);
    });
  }
}
