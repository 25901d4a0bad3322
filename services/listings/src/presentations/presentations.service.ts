import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  fieldMessage,
  type Page,
  type PaginationQuery,
  type Presentation,
  type PresentationRequest,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { Property } from '../properties/property.entity.js';
import { toSummary } from '../properties/property-summary.js';

interface PresentationRow {
  id: string;
  agent_name: string;
  message: string | null;
  property_ids: string[];
  created_at: Date;
}

/**
 * Presentations (spec §1 "agents share property presentations with a shareable link and PDF"):
 * an agent picks public listings of their own and writes a message; anyone with the link sees
 * them. Listings sold or taken off since drop out of the link. The link's id is a random uuid.
 */
@Injectable()
export class PresentationsService {
  constructor(private readonly dataSource: DataSource) {}

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
      throw new AppException('VALIDATION_FAILED', 422, [
        {
          field: 'propertyIds',
          message: fieldMessage('presentation.propertiesRequired', currentContext()?.language ?? 'en'),
        },
      ]);
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO "presentations" ("id", "site", "agent_id", "agent_name", "message", "property_ids")
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, site, user.id, agentName ?? '', body.message ?? null, body.propertyIds],
    );
    return this.get(site, id);
  }

  async mine(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<Presentation>> {
    const rows = (await this.dataSource.query(
      `SELECT *, count(*) OVER () AS "total" FROM "presentations"
       WHERE "site" = $1 AND "agent_id" = $2 AND "kind" = 'properties'
       ORDER BY "created_at" DESC, "id" DESC OFFSET $3 LIMIT $4`,
      [site, user.id, (query.page - 1) * query.limit, query.limit],
    )) as (PresentationRow & { total: string })[];
    return {
      items: await Promise.all(rows.map((row) => this.withProperties(site, row))),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  /** The shared link: 404 for an id that is not a presentation of this site. */
  async get(site: Site, id: string): Promise<Presentation> {
    const [row] = (await this.dataSource.query(
      `SELECT * FROM "presentations" WHERE "id" = $1 AND "site" = $2 AND "kind" = 'properties'`,
      [id, site],
    )) as PresentationRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return this.withProperties(site, row);
  }

  private async withProperties(site: Site, row: PresentationRow): Promise<Presentation> {
    const properties = await this.dataSource.getRepository(Property).find({
      where: { id: In(row.property_ids), site, state: 'active' },
    });
    const byId = new Map(properties.filter((p) => p.approvedAt).map((p) => [p.id, p]));
    return {
      id: row.id,
      kind: 'properties',
      agentName: row.agent_name,
      message: row.message,
      createdAt: new Date(row.created_at).toISOString(),
      properties: row.property_ids.flatMap((id) => {
        const property = byId.get(id);
        return property ? [toSummary(property)] : [];
      }),
    };
  }
}
