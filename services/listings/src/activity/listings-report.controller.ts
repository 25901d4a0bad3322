import { Controller, Get, Module, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  reportWindowQuerySchema,
  listingsReportSchema,
  type ListingsReport,
  type ReportWindowQuery,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser, type RouteDoc } from '@manzil/nest-kit';
import { reportWindow, SITE_TIME_ZONES } from './report-window.js';

/**
 * The company's or agent's "reports" tab, its listings series: per day, week or month of the
 * site's time zone, the listings added (created) and accepted (approved) of the caller (an
 * agent: the listings it shows; a company: every listing of its agents). Zero-filled, one
 * bounded window at a time. Views and leads are not counted anywhere yet.
 */
@Controller('v1/reports')
@Roles('company', 'agent')
export class ListingsReportController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('listings')
  async listings(
    @Query(new ZodPipe(reportWindowQuerySchema)) query: ReportWindowQuery,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
  ): Promise<ListingsReport> {
    const { from, to } = await reportWindow(this.dataSource.manager, site, query);
    const owner = user.role === 'company' ? 'company_id' : 'agent_id';
    const items = (await this.dataSource.query(
      `WITH mine AS (SELECT "created_at", "approved_at" FROM "properties" WHERE "site" = $4 AND "${owner}" = $5)
       SELECT to_char(b."start", 'YYYY-MM-DD') AS "start",
              (SELECT count(*)::int FROM mine WHERE date_trunc($3, mine."created_at" AT TIME ZONE $6) = b."start") AS "added",
              (SELECT count(*)::int FROM mine WHERE date_trunc($3, mine."approved_at" AT TIME ZONE $6) = b."start") AS "approved"
         FROM generate_series($1::date::timestamp, $2::date::timestamp, ('1 ' || $3)::interval) AS b("start")
        ORDER BY b."start"`,
      [from, to, query.bucket, site, user.id, SITE_TIME_ZONES[site]],
    )) as ListingsReport['items'];
    return { bucket: query.bucket, from, to, items };
  }
}

export const LISTINGS_REPORT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/reports/listings',
    summary:
      "The caller's listings added and accepted per day, week or month in the site's time zone, zero-filled, one window at a time (the reports tab)",
    query: reportWindowQuerySchema,
    results: listingsReportSchema,
    roles: ['company', 'agent'],
  },
];

@Module({ controllers: [ListingsReportController] })
export class ListingsReportModule {}
