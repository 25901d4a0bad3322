import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  fieldMessage,
  requirementListingType,
  type Page,
  type PaginationQuery,
  type Requirement,
  type RequirementRequest,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';

interface RequirementRow {
  id: string;
  name: string;
  city_id: string;
  city_en: string;
  city_ar: string;
  sub_location: string | null;
  budget_min: string;
  budget_max: string;
  area_min: string | null;
  area_max: string | null;
  property_kind: Requirement['propertyKind'];
  request_type: Requirement['requestType'];
  category: Requirement['category'];
  unit_type: string | null;
  finance: Requirement['finance'];
  status: Requirement['status'];
  agreement_status: Requirement['agreementStatus'];
  owner_name: string | null;
  email: string;
  phone: string;
  description: string | null;
  user_type: Requirement['userType'];
  created_at: Date;
}

const num = (value: string | null) => (value === null ? null : Number(value));

const toRequirement = (row: RequirementRow): Requirement => ({
  id: row.id,
  name: row.name,
  city: { id: row.city_id, name: { en: row.city_en, ar: row.city_ar } },
  subLocation: row.sub_location,
  budgetMin: Number(row.budget_min),
  budgetMax: Number(row.budget_max),
  areaMin: num(row.area_min),
  areaMax: num(row.area_max),
  propertyKind: row.property_kind,
  requestType: row.request_type,
  category: row.category,
  unitType: row.unit_type,
  finance: row.finance,
  status: row.status,
  agreementStatus: row.agreement_status,
  ownerName: row.owner_name,
  email: row.email,
  phone: row.phone,
  description: row.description,
  userType: row.user_type,
  createdAt: new Date(row.created_at).toISOString(),
});

function page(rows: (RequirementRow & { total: string })[], query: PaginationQuery): Page<Requirement> {
  return {
    items: rows.map(toRequirement),
    page: query.page,
    limit: query.limit,
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/**
 * Requirements (spec §3): a customer asks for a property or offers one to list. Agents see those
 * that match a listing of theirs on the site: same city, same listing type (category and
 * purpose: buying and selling match sale listings, renting rent listings) and same property type.
 */
@Injectable()
export class RequirementsService {
  constructor(private readonly dataSource: DataSource) {}

  async create(site: Site, user: AuthUser, body: RequirementRequest): Promise<Requirement> {
    const [city] = (await this.dataSource.query(
      `SELECT "id", "name_en", "name_ar" FROM "locations" WHERE "id" = $1 AND "site" = $2 AND "level" = 'city'`,
      [body.cityId, site],
    )) as { id: string; name_en: string; name_ar: string }[];
    if (!city)
      throw new AppException('VALIDATION_FAILED', 422, [
        {
          field: 'cityId',
          message: fieldMessage('requirement.cityRequired', currentContext()?.language ?? 'en'),
        },
      ]);
    const rows = (await this.dataSource.query(
      `INSERT INTO "requirements"
         ("id", "site", "customer_id", "name", "city_id", "city_en", "city_ar", "sub_location", "budget_min",
          "budget_max", "area_min", "area_max", "property_kind", "request_type", "category", "listing_type",
          "unit_type", "finance", "owner_name", "email", "phone", "description", "user_type", "agreement_status")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
       RETURNING *`,
      [
        randomUUID(),
        site,
        user.id,
        body.name,
        city.id,
        city.name_en,
        city.name_ar,
        body.subLocation ?? null,
        body.budgetMin,
        body.budgetMax,
        body.areaMin ?? null,
        body.areaMax ?? null,
        body.propertyKind,
        body.requestType,
        body.category,
        requirementListingType(body.category, body.requestType),
        body.unitType ?? null,
        body.finance ?? null,
        body.ownerName ?? null,
        body.email,
        `${body.countryCode}${body.mobile}`,
        body.description ?? null,
        site === 'sa' ? (body.userType ?? null) : null,
        body.agreementStatus ?? null,
      ],
    )) as RequirementRow[];
    return toRequirement(rows[0]);
  }

  /** Only the customer who posted it, on its site (anyone else: 404). */
  async setStatus(
    site: Site,
    user: AuthUser,
    id: string,
    status: Requirement['status'],
  ): Promise<Requirement> {
    const rows = (await this.dataSource.query(
      `UPDATE "requirements" SET "status" = $4 WHERE "id" = $1 AND "site" = $2 AND "customer_id" = $3 RETURNING *`,
      [id, site, user.id, status],
    )) as [RequirementRow[], number];
    const [row] = rows[0];
    if (!row) throw new AppException('NOT_FOUND');
    return toRequirement(row);
  }

  /** Deletes the customer's own requirement for good (anyone else's, or another site's: 404). */
  async remove(site: Site, user: AuthUser, id: string): Promise<{ removed: true }> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM "requirements" WHERE "id" = $1 AND "site" = $2 AND "customer_id" = $3`,
      [id, site, user.id],
    )) as [unknown, number];
    if (!count) throw new AppException('NOT_FOUND');
    return { removed: true };
  }

  async mine(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<Requirement>> {
    const rows = (await this.dataSource.query(
      `SELECT r.*, count(*) OVER () AS "total" FROM "requirements" r
       WHERE r."site" = $1 AND r."customer_id" = $2
       ORDER BY r."created_at" DESC, r."id" DESC OFFSET $3 LIMIT $4`,
      [site, user.id, (query.page - 1) * query.limit, query.limit],
    )) as (RequirementRow & { total: string })[];
    return page(rows, query);
  }

  /** Open requirements matching a listing (not sold) of the agent, or of the company's agents. */
  async matching(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<Requirement>> {
    const owner = user.role === 'company' ? `p."company_id" = $2` : `p."agent_id" = $2`;
    const rows = (await this.dataSource.query(
      `SELECT r.*, count(*) OVER () AS "total" FROM "requirements" r
       WHERE r."site" = $1 AND r."status" = 'open' AND EXISTS (
         SELECT 1 FROM "properties" p
         WHERE ${owner} AND p."site" = r."site" AND p."state" <> 'sold'
           AND COALESCE(p."published"->'location'->'city'->>'id', p."draft"->>'cityId') = r."city_id"
           AND COALESCE(p."property_type", p."draft"->>'propertyType') = r."listing_type"
           AND COALESCE(p."kind", p."draft"->>'kind') = r."property_kind")
       ORDER BY r."created_at" DESC, r."id" DESC OFFSET $3 LIMIT $4`,
      [site, user.id, (query.page - 1) * query.limit, query.limit],
    )) as (RequirementRow & { total: string })[];
    return page(rows, query);
  }
}
