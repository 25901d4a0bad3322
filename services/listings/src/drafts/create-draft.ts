import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listingUpdatedV1, type OwnedProperty, type PropertyFields, type Site } from '@manzil/contracts';
import type { AuthUser } from '@manzil/nest-kit';
import { LocationsService } from '../locations/locations.service.js';
import { Property } from '../properties/property.entity.js';
import { actorOf, audit, eventActor } from './audit.js';
import { assertLocations, compact, slugFor } from './draft-fields.js';
import { ownedView, publishEvent } from './owned.js';
import { assertMayAdd, ownershipFor } from './who-may.js';

export interface CreateDraftCommand {
  user: AuthUser;
  site: Site;
  fields: PropertyFields & Required<Pick<PropertyFields, 'propertyType' | 'kind'>>;
  /** The display name of the agent, when the agent adds it (from the token). */
  agentName: string | null;
}

/**
 * An agent or a company starts a listing (the wizard's first step). Who may is checked first
 * (role, the company's agent, Nafath on `sa`, a plan with listings left), then the location
 * chain; the row, its audit line and `listing.updated` commit together.
 */
@Injectable()
export class CreateDraft {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: LocationsService,
  ) {}

  async execute({ user, site, fields, agentName }: CreateDraftCommand): Promise<OwnedProperty> {
    return this.dataSource.transaction(async (manager) => {
      const ownership = await ownershipFor(manager, user, site, fields.agentId);
      await assertMayAdd(manager, user, site, ownership);
      const draft = compact({ ...fields, agentId: ownership.agentId });
      await assertLocations(manager, this.locations, site, draft);
      const id = randomUUID();
      const property = manager.create(Property, {
        id,
        site,
        slug: slugFor(draft.title?.en ?? '', id),
        draft,
        approvalStatus: 'draft',
        state: 'active',
        agentId: ownership.agentId,
        companyId: ownership.companyId,
        createdBy: user.id,
        agentName: user.role === 'agent' ? agentName : null,
      });
      await manager.save(property);
      const changed = Object.keys(draft);
      await audit(manager, property, actorOf(user), 'created', { fields: changed });
      await publishEvent(manager, site, id, listingUpdatedV1, {
        id,
        by: eventActor(actorOf(user)),
        fields: changed,
        approvalStatus: 'draft',
      });
      return ownedView(manager, property);
    });
  }
}
