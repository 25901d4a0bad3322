import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type { Page, PaginationQuery, Presentation, PresentationRequest, Site } from '@manzil/contracts';
import type { AuthUser } from '@manzil/nest-kit';
import { Property } from '../properties/property.entity.js';
import { toSummary } from '../properties/property-summary.js';
import {
  PresentationStore,
  presentationHead,
  refusedChoice,
  type PresentationRow,
} from './presentation-store.js';

/**
 * Presentations (spec §1 "agents share property presentations with a shareable link and PDF"):
 * an agent picks public listings of their own and writes a message; anyone with the link sees
 * them. Listings sold or taken off since drop out of the link. The link's id is a random uuid.
 */
@Injectable()
export class PresentationsService {
  private readonly store: PresentationStore<Presentation>;

  constructor(private readonly dataSource: DataSource) {
    this.store = new PresentationStore(dataSource, 'properties', (site, row) =>
      this.withProperties(site, row),
    );
  }

  async create(
    site: Site,
    user: AuthUser,
    agentName: string | null,
    body: PresentationRequest,
  ): Promise<Presentation> {
    const owned = await this.dataSource.getRepository(Property).find({
      where: { id: In(body.propertyIds), site, agentId: user.id },
    });
    const publicIds = new Set(owned.filter((p) => p.approvedAt && p.state === 'active').map((p) => p.id));
    if (body.propertyIds.some((id) => !publicIds.has(id)))
      throw refusedChoice('propertyIds', 'presentation.propertiesRequired');
    return this.store.insert(site, user, agentName, { message: body.message, propertyIds: body.propertyIds });
  }

  mine(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<Presentation>> {
    return this.store.mine(site, user, query);
  }

  get(site: Site, id: string): Promise<Presentation> {
    return this.store.get(site, id);
  }

  private async withProperties(site: Site, row: PresentationRow): Promise<Presentation> {
    const properties = await this.dataSource.getRepository(Property).find({
      where: { id: In(row.property_ids), site, state: 'active' },
    });
    const byId = new Map(properties.filter((p) => p.approvedAt).map((p) => [p.id, p]));
    return {
      ...presentationHead(row),
      kind: 'properties',
      properties: row.property_ids.flatMap((id) => {
        const property = byId.get(id);
        return property ? [toSummary(property)] : [];
      }),
    };
  }
}
