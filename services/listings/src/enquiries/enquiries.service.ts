import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  enquiryReceivedV1,
  respondsFast,
  RESPONSE_SAMPLE_MAX,
  RESPONSE_UNANSWERED_AFTER_HOURS,
  RESPONSE_WINDOW_DAYS,
  TOPICS,
  type AgentResponse,
  type EnquiriesQuery,
  type Enquiry,
  type EnquiryRequest,
  type Page,
  type Site,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';

interface EnquiryRow {
  id: string;
  property_id: string;
  slug: string;
  title_en: string | null;
  title_ar: string | null;
  type: Enquiry['type'];
  name: string;
  email: string;
  phone: string;
  message: string | null;
  created_at: Date;
  responded_at: Date | null;
}

const toEnquiry = (row: EnquiryRow): Enquiry => ({
  id: row.id,
  propertyId: row.property_id,
  property: { slug: row.slug, title: { en: row.title_en ?? '', ar: row.title_ar ?? '' } },
  type: row.type,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  createdAt: new Date(row.created_at).toISOString(),
  respondedAt: row.responded_at ? new Date(row.responded_at).toISOString() : null,
});

const SELECT = `SELECT e.*, p."slug", p."title_en", p."title_ar"
  FROM "enquiries" e JOIN "properties" p ON p."id" = e."property_id"`;

/** Who sees an enquiry: the listing's agent, or the agent's company. */
function ownerClause(user: AuthUser, param: string): string {
  return user.role === 'company' ? `e."company_id" = ${param}` : `e."agent_id" = ${param}`;
}

/**
 * Enquiries from a property's agent card (spec §3 enquiry types): stored with the listing's
 * agent and company at the time, announced as `enquiry.received` in the same transaction,
 * listed for the agent, and marked answered so the response time can be measured.
 */
@Injectable()
export class EnquiriesService {
  constructor(private readonly dataSource: DataSource) {}

  async send(site: Site, user: AuthUser, propertyId: string, body: EnquiryRequest): Promise<Enquiry> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `INSERT INTO "enquiries"
           ("id", "site", "property_id", "agent_id", "company_id", "customer_id", "type", "name", "email", "phone", "message")
         SELECT $1, p."site", p."id", p."agent_id", p."company_id", $4, $5, $6, $7, $8, $9
         FROM "properties" p
         WHERE p."id" = $3 AND p."site" = $2 AND p."approved_at" IS NOT NULL AND p."state" = 'active'
         RETURNING "id"`,
        [
          randomUUID(),
          site,
          propertyId,
          user.id,
          body.type,
          body.name,
          body.email,
          `${body.countryCode}${body.mobile}`,
          body.message ?? null,
        ],
      )) as { id: string }[];
      if (!rows[0]) throw new AppException('NOT_FOUND');
      const [row] = (await manager.query(`${SELECT} WHERE e."id" = $1`, [rows[0].id])) as (EnquiryRow & {
        agent_id: string | null;
        company_id: string | null;
        customer_id: string;
      })[];
      const enquiry = toEnquiry(row);
      await enqueue(
        manager,
        TOPICS.listingsEnquiry,
        newEvent(
          enquiryReceivedV1,
          site,
          enquiry.id,
          enquiryReceivedV1.payload.parse({
            enquiryId: enquiry.id,
            propertyId: enquiry.propertyId,
            propertySlug: enquiry.property.slug,
            propertyTitle: enquiry.property.title,
            agentId: row.agent_id,
            companyId: row.company_id,
            type: enquiry.type,
            customer: { id: row.customer_id, name: row.name, email: row.email, phone: row.phone },
            message: enquiry.message,
            createdAt: enquiry.createdAt,
          }),
          currentContext()?.requestId,
        ),
      );
      return enquiry;
    });
  }

  /** The agent's (or company's) enquiries of the site, newest first. */
  async list(site: Site, user: AuthUser, query: EnquiriesQuery): Promise<Page<Enquiry>> {
    const rows = (await this.dataSource.query(
      `SELECT e.*, p."slug", p."title_en", p."title_ar", count(*) OVER () AS "total"
       FROM "enquiries" e JOIN "properties" p ON p."id" = e."property_id"
       WHERE e."site" = $1 AND ${ownerClause(user, '$2')}
         AND ($3::text IS NULL OR ($3 = 'open') = (e."responded_at" IS NULL))
       ORDER BY e."created_at" DESC, e."id" DESC
       OFFSET $4 LIMIT $5`,
      [site, user.id, query.status ?? null, (query.page - 1) * query.limit, query.limit],
    )) as (EnquiryRow & { total: string })[];
    return {
      items: rows.map(toEnquiry),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  /** The agent marks an enquiry answered (the first time counts; again changes nothing). */
  async responded(site: Site, user: AuthUser, enquiryId: string): Promise<Enquiry> {
    await this.dataSource.query(
      `UPDATE "enquiries" e SET "responded_at" = COALESCE(e."responded_at", now())
       WHERE e."id" = $1 AND e."site" = $2 AND ${ownerClause(user, '$3')}`,
      [enquiryId, site, user.id],
    );
    const [row] = (await this.dataSource.query(
      `${SELECT} WHERE e."id" = $1 AND e."site" = $2 AND ${ownerClause(user, '$3')}`,
      [enquiryId, site, user.id],
    )) as EnquiryRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return toEnquiry(row);
  }

  /**
   * The measured response time of a public listing's agent: the median minutes from enquiry to
   * answer over their latest answered (or long-unanswered) enquiries of the window. An enquiry
   * still waiting after RESPONSE_UNANSWERED_AFTER_HOURS counts at that time, so ignoring
   * enquiries cannot make an agent look fast; younger open ones are left out (not decided yet).
   */
  async agentResponse(site: Site, propertyId: string): Promise<AgentResponse> {
    const [property] = (await this.dataSource.query(
      `SELECT "agent_id" FROM "properties"
       WHERE "id" = $1 AND "site" = $2 AND "approved_at" IS NOT NULL AND "state" = 'active'`,
      [propertyId, site],
    )) as { agent_id: string | null }[];
    if (!property) throw new AppException('NOT_FOUND');
    if (!property.agent_id) return { medianMinutes: null, sample: 0, respondsFast: false };
    const [stats] = (await this.dataSource.query(
      `WITH sample AS (
         SELECT EXTRACT(EPOCH FROM (COALESCE("responded_at", "created_at" + make_interval(hours => $4)) - "created_at")) / 60 AS minutes
         FROM "enquiries"
         WHERE "site" = $1 AND "agent_id" = $2 AND "created_at" > now() - make_interval(days => $3)
           AND ("responded_at" IS NOT NULL OR "created_at" < now() - make_interval(hours => $4))
         ORDER BY "created_at" DESC
         LIMIT $5)
       SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes) AS median, count(*) AS n FROM sample`,
      [site, property.agent_id, RESPONSE_WINDOW_DAYS, RESPONSE_UNANSWERED_AFTER_HOURS, RESPONSE_SAMPLE_MAX],
    )) as { median: number | string | null; n: string }[];
    const sample = Number(stats?.n ?? 0);
    const medianMinutes =
      sample > 0 && stats.median !== null ? Math.round(Number(stats.median) * 10) / 10 : null;
    return { medianMinutes, sample, respondsFast: respondsFast(medianMinutes, sample) };
  }
}
