import { Controller, Get, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  REPORT_MAX_BUCKETS,
  SITE_FACTS,
  reportWindowQuerySchema,
  type ReportWindowQuery,
  type Site,
  type SpendReport,
} from '@manzil/contracts';
import { AppException, CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';

/** The sites' time zones: a bucket is a day, week or month there, not in UTC. */
const TIME_ZONES: Record<Site, string> = { ae: 'Asia/Dubai', sa: 'Asia/Riyadh' };

/**
 * The company's or agent's "reports" tab, its spend series: Paid payments of the caller per
 * day, week (ISO, from Monday) or month in the site's time zone, zero-filled by
 * generate_series, one window at a time (at most REPORT_MAX_BUCKETS of the bucket).
 */
@Controller('v1/reports')
@Roles('company', 'agent')
export class SpendReportController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('spend')
  async spend(
    @Query(new ZodPipe(reportWindowQuerySchema)) query: ReportWindowQuery,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
  ): Promise<SpendReport> {
    const zone = TIME_ZONES[site];
    const max = REPORT_MAX_BUCKETS[query.bucket];
    const [window] = (await this.dataSource.query(
      `WITH w AS (
         SELECT date_trunc($1, coalesce($3::date, (now() AT TIME ZONE $2)::date)::timestamp) AS "last",
                $4::date AS "from_day")
       SELECT to_char(coalesce(date_trunc($1, w."from_day"::timestamp), w."last" - ($5::int - 1) * ('1 ' || $1)::interval), 'YYYY-MM-DD') AS "from",
              to_char(w."last", 'YYYY-MM-DD') AS "to",
              (SELECT count(*)::int FROM generate_series(
                 coalesce(date_trunc($1, w."from_day"::timestamp), w."last" - ($5::int - 1) * ('1 ' || $1)::interval),
                 w."last", ('1 ' || $1)::interval)) AS "buckets"
         FROM w`,
      [query.bucket, zone, query.to ?? null, query.from ?? null, max],
    )) as { from: string; to: string; buckets: number }[];
    if (window.buckets > max)
      throw new AppException('VALIDATION_FAILED', 422, [
        { field: 'from', message: `at most ${max} ${query.bucket}s` },
      ]);
    const rows = (await this.dataSource.query(
      `SELECT to_char(b."start", 'YYYY-MM-DD') AS "start",
              coalesce(sum(p."amount"), 0)::float8 AS "amount", count(p."id")::int AS "payments"
         FROM generate_series($1::date::timestamp, $2::date::timestamp, ('1 ' || $3)::interval) AS b("start")
         LEFT JOIN "payments" p
           ON p."site" = $4 AND p."account_id" = $5 AND p."status" = 'paid'
          AND date_trunc($3, p."paid_at" AT TIME ZONE $6) = b."start"
        GROUP BY b."start" ORDER BY b."start"`,
      [window.from, window.to, query.bucket, site, user.id, zone],
    )) as { start: string; amount: number; payments: number }[];
    return {
      bucket: query.bucket,
      from: window.from,
      to: window.to,
      currency: SITE_FACTS[site].currency,
      items: rows,
    };
  }
}
