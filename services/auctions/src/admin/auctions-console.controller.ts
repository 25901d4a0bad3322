import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  adminAuctionsQuerySchema,
  adminIdParamsSchema,
  auctionablePropertiesQuerySchema,
  cancelAuctionBodySchema,
  rescheduleAuctionBodySchema,
  type AdminAuctionsQuery,
  type AdminAuctionView,
  type AuctionablePropertiesQuery,
  type AuctionableProperty,
  type CancelAuctionBody,
  type Language,
  type Page,
  type PropertySummary,
  type RescheduleAuctionBody,
  type Site,
} from '@manzil/contracts';
import {
  AppException,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { AUCTION_SELECT, STATUS_WHERE, toAuctionView, type AuctionRow } from '../auctions/auction-view.js';
import { CancelAuction } from './cancel-auction.js';
import { RescheduleAuction } from './reschedule-auction.js';

type AdminAuctionRow = AuctionRow & { canceled_at: Date | null; cancel_reason: string | null };

const ADMIN_SELECT = `SELECT x.*, c."canceled_at", c."cancel_reason"
  FROM (${AUCTION_SELECT} WHERE a."site" = $1) x JOIN "auctions" c ON c."id" = x."id"`;

function toAdminView(row: AdminAuctionRow): AdminAuctionView {
  return {
    ...toAuctionView(row),
    adminStatus: row.canceled_at ? 'canceled' : row.status,
    canceledAt: row.canceled_at?.toISOString() ?? null,
    cancelReason: row.cancel_reason,
  };
}

/**
 * The admin console's auctions (issue 13 item 8), for an admin of the request's site: every
 * auction of the site (cancelled ones too), the accepted properties an auction can be made of
 * (from the read model of listings' events, never listings' tables), new times, cancel.
 * Creating stays `POST /v1/admin/auctions` (AdminAuctionsController).
 */
@Controller('v1/admin')
@Roles('admin')
export class AuctionsConsoleController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reschedule: RescheduleAuction,
    private readonly cancelAuction: CancelAuction,
  ) {}

  /** The site's auctions, newest start first; `status` of the clock, or `canceled`. */
  @Get('auctions')
  async list(
    @Query(new ZodPipe(adminAuctionsQuerySchema)) query: AdminAuctionsQuery,
    @CurrentSite() site: Site,
  ): Promise<Page<AdminAuctionView>> {
    const where =
      query.status === 'canceled'
        ? `c."canceled_at" IS NOT NULL`
        : query.status
          ? `c."canceled_at" IS NULL AND ${STATUS_WHERE[query.status].replaceAll('a."', 'c."')}`
          : 'true';
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `${ADMIN_SELECT} WHERE ${where} ORDER BY c."starts_at" DESC, c."id" LIMIT $2 OFFSET $3`,
        [site, query.limit, (query.page - 1) * query.limit],
      ) as Promise<AdminAuctionRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" FROM "auctions" c WHERE c."site" = $1 AND ${where}`,
        [site],
      ) as Promise<{ total: number }[]>,
    ]);
    return { items: rows.map(toAdminView), page: query.page, limit: query.limit, total };
  }

  /** Accepted properties for sale of the site (the auction form's picker), latest approved first. */
  @Get('auctionable-properties')
  async properties(
    @Query(new ZodPipe(auctionablePropertiesQuerySchema)) query: AuctionablePropertiesQuery,
    @CurrentSite() site: Site,
  ): Promise<Page<AuctionableProperty>> {
    const params: unknown[] = [site];
    let where = `p."site" = $1 AND p."accepted" AND p."summary"->>'propertyType' IN ('buy', 'commercial-buy')`;
    if (query.q) {
      params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND (p."summary"->'title'->>'en' ILIKE $2 OR p."summary"->'title'->>'ar' ILIKE $2 OR p."summary"->>'slug' ILIKE $2)`;
    }
    const n = params.length;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT p."summary",
                (SELECT a."id" FROM "auctions" a WHERE a."property_id" = p."property_id" AND a."closed_at" IS NULL LIMIT 1) AS "open_auction_id"
           FROM "auction_properties" p WHERE ${where}
          ORDER BY p."event_at" DESC, p."property_id" LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ) as Promise<{ summary: PropertySummary; open_auction_id: string | null }[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" FROM "auction_properties" p WHERE ${where}`,
        params,
      ) as Promise<{ total: number }[]>,
    ]);
    return {
      items: rows.map((row) => ({ ...row.summary, openAuctionId: row.open_auction_id })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** New start and end (the start only before it starts); the closing job follows the end. */
  @Post('auctions/:id/schedule')
  @HttpCode(200)
  async schedule(
    @Param(new ZodPipe(adminIdParamsSchema)) { id }: { id: string },
    @Body(new ZodPipe(rescheduleAuctionBodySchema)) body: RescheduleAuctionBody,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<AdminAuctionView> {
    await this.reschedule.execute(site, language, id, body);
    return this.one(site, id);
  }

  /** Cancels an auction not ended: its bids rejected, `auction.canceled` published. */
  @Post('auctions/:id/cancel')
  @HttpCode(200)
  async cancel(
    @Param(new ZodPipe(adminIdParamsSchema)) { id }: { id: string },
    @Body(new ZodPipe(cancelAuctionBodySchema)) body: CancelAuctionBody,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminAuctionView> {
    await this.cancelAuction.execute(site, id, user.id, body.reason);
    return this.one(site, id);
  }

  private async one(site: Site, id: string): Promise<AdminAuctionView> {
    const [row] = (await this.dataSource.query(`${ADMIN_SELECT} WHERE c."id" = $2`, [
      site,
      id,
    ])) as AdminAuctionRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return toAdminView(row);
  }
}
