import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  moderatedPropertySchema,
  type ModeratedProperty,
  type ModerationQueueQuery,
  type OwnedProperty,
  type Page,
  type Site,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { ownedPage, ownedView, removedDocumentsOf } from '../drafts/owned.js';
import { Property } from '../properties/property.entity.js';

/** The admins' reads: the moderation queue and one property with its documents. */
@Injectable()
export class ModerationService {
  constructor(private readonly dataSource: DataSource) {}

  /** Listings of the site in a status (pending by default), the longest-waiting first. */
  async queue(site: Site, query: ModerationQueueQuery): Promise<Page<OwnedProperty>> {
    const builder = this.dataSource.manager
      .createQueryBuilder(Property, 'property')
      .where('property.site = :site', { site })
      .andWhere('property.approval_status = :status', { status: query.status })
      .orderBy('property.submitted_at', 'ASC', 'NULLS LAST')
      .addOrderBy('property.created_at', 'ASC')
      .addOrderBy('property.id', 'ASC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    if (query.propertyType)
      builder.andWhere(`COALESCE(property.draft->>'propertyType', property.property_type) = :type`, {
        type: query.propertyType,
      });
    if (query.cityId) builder.andWhere(`property.draft->>'cityId' = :cityId`, { cityId: query.cityId });
    if (query.agentId) builder.andWhere('property.agent_id = :agentId', { agentId: query.agentId });
    if (query.companyId) builder.andWhere('property.company_id = :companyId', { companyId: query.companyId });
    // Days are whole UTC days: "to" includes the day it names.
    if (query.submittedFrom)
      builder.andWhere('property.submitted_at >= CAST(:from AS date)', { from: query.submittedFrom });
    if (query.submittedTo)
      builder.andWhere(`property.submitted_at < CAST(:to AS date) + interval '1 day'`, {
        to: query.submittedTo,
      });
    if (query.q)
      builder.andWhere(
        `(COALESCE(property.draft->'title'->>'en', property.title_en) ILIKE :q
          OR COALESCE(property.draft->'title'->>'ar', property.title_ar) ILIKE :q
          OR property.draft->>'referenceNumber' ILIKE :q)`,
        { q: `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
      );
    const [rows, total] = await builder.getManyAndCount();
    return {
      items: await ownedPage(this.dataSource.manager, rows),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /**
   * One listing as its owner sees it, plus the documents the owner removed while a version
   * still needed them (marked with the date; downloadable while their bytes are kept), so a
   * moderator sees what was withdrawn.
   */
  async get(site: Site, id: string): Promise<ModeratedProperty> {
    const manager = this.dataSource.manager;
    const property = await manager.findOne(Property, { where: { id, site } });
    if (!property) throw new AppException('NOT_FOUND');
    return moderatedPropertySchema.parse({
      ...(await ownedView(manager, property)),
      removedDocuments: await removedDocumentsOf(manager, property.id),
    });
  }

  /** The audit trail of a property, newest first. */
  async history(site: Site, id: string, page: number, limit: number) {
    await this.get(site, id);
    const rows = (await this.dataSource.query(
      `SELECT "actor_id", "actor_role", "action", "detail", "at", count(*) OVER () AS "total"
       FROM "property_audit" WHERE "site" = $1 AND "property_id" = $2
       ORDER BY "id" DESC OFFSET $3 LIMIT $4`,
      [site, id, (page - 1) * limit, limit],
    )) as {
      actor_id: string | null;
      actor_role: string;
      action: string;
      detail: object;
      at: Date;
      total: string;
    }[];
    return {
      items: rows.map((row) => ({
        actorId: row.actor_id,
        actorRole: row.actor_role,
        action: row.action,
        detail: row.detail,
        at: new Date(row.at).toISOString(),
      })),
      page,
      limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }
}
