import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  AdminListingReport,
  ListingReport,
  ListingReportRequest,
  ListingReportsQuery,
  Page,
  Site,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';

interface ReportRow {
  id: string;
  property_id: string | null;
  unit_id: string | null;
  reason: ListingReport['reason'];
  user_type: ListingReport['userType'];
  comment: string;
  reporter_id: string;
  reporter_role: ListingReport['reporterRole'];
  created_at: Date;
}

const toReport = (row: ReportRow): ListingReport => ({
  id: row.id,
  propertyId: row.property_id,
  unitId: row.unit_id,
  reason: row.reason,
  userType: row.user_type,
  comment: row.comment,
  reporterId: row.reporter_id,
  reporterRole: row.reporter_role,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Reports of public listings by logged-in visitors, and the admins' list of them. */
@Injectable()
export class ReportsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Files (or replaces) the caller's report of a public listing of the site. A listing that is
   * not public here (another site's, never accepted, inactive, sold) does not exist: 404.
   */
  async report(
    site: Site,
    user: AuthUser,
    propertyId: string,
    body: ListingReportRequest,
  ): Promise<ListingReport> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "listing_reports"
         ("id", "site", "property_id", "reporter_id", "reporter_role", "reason", "user_type", "comment")
       SELECT $1, p."site", p."id", $4, $5, $6, $7, $8
       FROM "properties" p
       WHERE p."id" = $3 AND p."site" = $2 AND p."approved_at" IS NOT NULL AND p."state" = 'active'
       ON CONFLICT ("property_id", "reporter_id") DO UPDATE SET
         "reason" = EXCLUDED."reason", "user_type" = EXCLUDED."user_type",
         "comment" = EXCLUDED."comment", "reporter_role" = EXCLUDED."reporter_role", "created_at" = now()
       RETURNING *`,
      [randomUUID(), site, propertyId, user.id, user.role, body.reason, body.userType, body.comment],
    )) as ReportRow[];
    if (!rows[0]) throw new AppException('NOT_FOUND');
    return toReport(rows[0]);
  }

  /**
   * Files (or replaces) the caller's report of a unit of a published project of the site (spec §7
   * `units/report`); a unit of a draft, of another project or of another site does not exist: 404.
   */
  async reportUnit(
    site: Site,
    user: AuthUser,
    projectId: string,
    unitId: string,
    body: ListingReportRequest,
  ): Promise<ListingReport> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "listing_reports"
         ("id", "site", "unit_id", "reporter_id", "reporter_role", "reason", "user_type", "comment")
       SELECT $1, p."site", u."id", $5, $6, $7, $8, $9
       FROM "project_units" u JOIN "projects" p ON p."id" = u."project_id"
       WHERE u."id" = $4 AND p."id" = $3 AND p."site" = $2 AND p."status" = 'published'
       ON CONFLICT ("unit_id", "reporter_id") DO UPDATE SET
         "reason" = EXCLUDED."reason", "user_type" = EXCLUDED."user_type",
         "comment" = EXCLUDED."comment", "reporter_role" = EXCLUDED."reporter_role", "created_at" = now()
       RETURNING *`,
      [randomUUID(), site, projectId, unitId, user.id, user.role, body.reason, body.userType, body.comment],
    )) as ReportRow[];
    if (!rows[0]) throw new AppException('NOT_FOUND');
    return toReport(rows[0]);
  }

  /** The site's reports, newest first, each with the listing's (or the unit's project's) titles, slug and status. */
  async list(site: Site, query: ListingReportsQuery): Promise<Page<AdminListingReport>> {
    const rows = (await this.dataSource.query(
      `SELECT r.*, p."slug",
              COALESCE(p."title_en", p."draft"->'title'->>'en', '') AS "title_en",
              COALESCE(p."title_ar", p."draft"->'title'->>'ar', '') AS "title_ar",
              p."approval_status", u."project_id", u."reference", u."layout",
              pr."slug" AS "project_slug", pr."title_en" AS "project_title_en", pr."title_ar" AS "project_title_ar",
              count(*) OVER () AS "total"
       FROM "listing_reports" r
       LEFT JOIN "properties" p ON p."id" = r."property_id"
       LEFT JOIN "project_units" u ON u."id" = r."unit_id"
       LEFT JOIN "projects" pr ON pr."id" = u."project_id"
       WHERE r."site" = $1 AND ($2::text IS NULL OR r."reason" = $2)
       ORDER BY r."created_at" DESC, r."id" DESC
       OFFSET $3 LIMIT $4`,
      [site, query.reason ?? null, (query.page - 1) * query.limit, query.limit],
    )) as (ReportRow & {
      slug: string | null;
      title_en: string;
      title_ar: string;
      approval_status: NonNullable<AdminListingReport['property']>['approvalStatus'] | null;
      project_id: string | null;
      reference: string | null;
      layout: string | null;
      project_slug: string | null;
      project_title_en: string | null;
      project_title_ar: string | null;
      total: string;
    })[];
    return {
      items: rows.map((row) => ({
        ...toReport(row),
        property:
          row.property_id && row.slug && row.approval_status
            ? {
                slug: row.slug,
                title: { en: row.title_en, ar: row.title_ar },
                approvalStatus: row.approval_status,
              }
            : null,
        unit:
          row.unit_id && row.project_id
            ? {
                projectId: row.project_id,
                projectSlug: row.project_slug ?? '',
                projectTitle: { en: row.project_title_en ?? '', ar: row.project_title_ar ?? '' },
                reference: row.reference,
                layout: row.layout ?? '',
              }
            : null,
      })),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }
}
