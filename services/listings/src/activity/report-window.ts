import type { EntityManager } from 'typeorm';
import { REPORT_MAX_BUCKETS, type ReportWindowQuery, type Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';

export const SITE_TIME_ZONES: Record<Site, string> = { ae: 'Asia/Dubai', sa: 'Asia/Riyadh' };

/**
 * The window of a report in the site's time zone: the bucket holding `to` (default today) back
 * to the one holding `from` (default REPORT_MAX_BUCKETS buckets), refused past that many.
 */
export async function reportWindow(
  manager: EntityManager,
  site: Site,
  query: ReportWindowQuery,
): Promise<{ from: string; to: string }> {
  const max = REPORT_MAX_BUCKETS[query.bucket];
  const [window] = (await manager.query(
    `WITH w AS (
       SELECT date_trunc($1, coalesce($3::date, (now() AT TIME ZONE $2)::date)::timestamp) AS "last", $4::date AS "from_day"),
     f AS (
       SELECT w."last", coalesce(date_trunc($1, w."from_day"::timestamp), w."last" - ($5::int - 1) * ('1 ' || $1)::interval) AS "first"
         FROM w)
     SELECT to_char(f."first", 'YYYY-MM-DD') AS "from", to_char(f."last", 'YYYY-MM-DD') AS "to",
            (SELECT count(*)::int FROM generate_series(f."first", f."last", ('1 ' || $1)::interval)) AS "buckets"
       FROM f`,
    [query.bucket, SITE_TIME_ZONES[site], query.to ?? null, query.from ?? null, max],
  )) as { from: string; to: string; buckets: number }[];
  if (window.buckets > max)
    throw new AppException('VALIDATION_FAILED', 422, [
      { field: 'from', message: `at most ${max} ${query.bucket}s` },
    ]);
  return { from: window.from, to: window.to };
}
