import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Module,
  Param,
  Post,
  Query,
  Req,
  type DynamicModule,
} from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import {
  beaconResultSchema,
  contactClickRequestSchema,
  listingViewRequestSchema,
  listingsReportSchema,
  propertyIdParamsSchema,
  reportWindowQuerySchema,
  type BeaconResult,
  type ContactClickRequest,
  type ListingViewRequest,
  type ListingsReport,
  type ReportWindowQuery,
  type Site,
} from '@manzil/contracts';
import {
  CurrentSite,
  CurrentUser,
  Public,
  Roles,
  ZodPipe,
  type AuthUser,
  type RouteDoc,
} from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { BEACON_REDIS_PREFIX, ListingBeacons } from './listing-beacons.js';
import { reportWindow, SITE_TIME_ZONES } from './report-window.js';

/**
 * The company's or agent's "reports" tab, its listings series: per day, week or month of the
 * site's time zone, the listings added (created) and accepted (approved) of the caller (an
 * agent: the listings it shows; a company: every listing of its agents), and what those
 * listings drew: views (`property_views`) and leads (enquiries, appointment requests, call and
 * WhatsApp clicks) by the day they came. Zero-filled, one bounded window at a time.
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
    // Each series is counted per bucket inside the window first, then laid on the zero-filled buckets.
    const items = (await this.dataSource.query(
      `WITH mine AS (SELECT "id", "created_at", "approved_at" FROM "properties" WHERE "site" = $4 AND "${owner}" = $5),
       lo AS (SELECT ($1::date::timestamp AT TIME ZONE $6) AS "at"),
       hi AS (SELECT (($2::date::timestamp + ('1 ' || $3)::interval) AT TIME ZONE $6) AS "at"),
       views AS (
         SELECT date_trunc($3, v."day"::timestamp) AS "start", sum(v."count")::int AS "n"
           FROM "property_views" v JOIN mine ON mine."id" = v."property_id"
          WHERE v."day" >= $1::date AND v."day" < (SELECT "at" FROM hi) AT TIME ZONE $6
          GROUP BY 1),
       leads AS (
         SELECT "start", sum("n")::int AS "n" FROM (
           SELECT date_trunc($3, e."created_at" AT TIME ZONE $6) AS "start", count(*) AS "n"
             FROM "enquiries" e JOIN mine ON mine."id" = e."property_id"
            WHERE e."created_at" >= (SELECT "at" FROM lo) AND e."created_at" < (SELECT "at" FROM hi)
            GROUP BY 1
           UNION ALL
           SELECT date_trunc($3, a."created_at" AT TIME ZONE $6), count(*)
             FROM "appointments" a JOIN mine ON mine."id" = a."property_id"
            WHERE a."created_at" >= (SELECT "at" FROM lo) AND a."created_at" < (SELECT "at" FROM hi)
            GROUP BY 1
           UNION ALL
           SELECT date_trunc($3, c."day"::timestamp), sum(c."count")
             FROM "property_contact_clicks" c JOIN mine ON mine."id" = c."property_id"
            WHERE c."day" >= $1::date AND c."day" < (SELECT "at" FROM hi) AT TIME ZONE $6
            GROUP BY 1) AS l
          GROUP BY 1)
       SELECT to_char(b."start", 'YYYY-MM-DD') AS "start",
              (SELECT count(*)::int FROM mine WHERE date_trunc($3, mine."created_at" AT TIME ZONE $6) = b."start") AS "added",
              (SELECT count(*)::int FROM mine WHERE date_trunc($3, mine."approved_at" AT TIME ZONE $6) = b."start") AS "approved",
              coalesce(views."n", 0) AS "views",
              coalesce(leads."n", 0) AS "leads"
         FROM generate_series($1::date::timestamp, $2::date::timestamp, ('1 ' || $3)::interval) AS b("start")
         LEFT JOIN views ON views."start" = b."start"
         LEFT JOIN leads ON leads."start" = b."start"
        ORDER BY b."start"`,
      [from, to, query.bucket, site, user.id, SITE_TIME_ZONES[site]],
    )) as ListingsReport['items'];
    return { bucket: query.bucket, from, to, items };
  }
}

/**
 * The listing page's beacons (sent once per page load, and on a call or WhatsApp click, with
 * `fetch(..., { keepalive: true })` so a token can go along): anyone may send them; what
 * counts is decided here (`ListingBeacons`). 202: accepted, counted or not.
 */
@Controller('v1/properties/:id')
@Public()
export class ListingBeaconsController {
  constructor(private readonly beacons: ListingBeacons) {}

  @Post('views')
  @HttpCode(202)
  view(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(listingViewRequestSchema)) body: ListingViewRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @Req() request: Request,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<BeaconResult> {
    return this.beacons.view(site, params.id, { user, visitor: body.visitor, ip: request.ip, userAgent });
  }

  @Post('contact-clicks')
  @HttpCode(202)
  contactClick(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(contactClickRequestSchema)) body: ContactClickRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @Req() request: Request,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<BeaconResult> {
    return this.beacons.contactClick(site, params.id, body.kind, {
      user,
      visitor: body.visitor,
      ip: request.ip,
      userAgent,
    });
  }
}

export const LISTINGS_REPORT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/reports/listings',
    summary:
      "The caller's listings added and accepted, and their views and leads, per day, week or month in the site's time zone, zero-filled, one window at a time (the reports tab)",
    query: reportWindowQuerySchema,
    results: listingsReportSchema,
    roles: ['company', 'agent'],
  },
  {
    method: 'post',
    path: '/v1/properties/:id/views',
    summary:
      "202: a public listing's page was viewed, counted once per visitor (account, else the browser's anonymous id) per listing per day of the site; not the owner's, an admin's or a robot's; 404 for a listing not public here; 429 past 120 beacons a minute from one address",
    params: propertyIdParamsSchema,
    body: listingViewRequestSchema,
    results: beaconResultSchema,
  },
  {
    method: 'post',
    path: '/v1/properties/:id/contact-clicks',
    summary:
      "202: the call or WhatsApp button of a public listing's agent card was clicked (a lead), counted once per visitor per listing per kind per day, as views are",
    params: propertyIdParamsSchema,
    body: contactClickRequestSchema,
    results: beaconResultSchema,
  },
];

@Module({})
export class ListingsReportModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ListingsReportModule,
      controllers: [ListingsReportController, ListingBeaconsController],
      providers: [
        ListingBeacons,
        { provide: BEACON_REDIS_PREFIX, useValue: `${config.BUS_NAMESPACE}:listings:beacons` },
      ],
    };
  }
}
