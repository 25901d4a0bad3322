import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import {
  auctionIdParamsSchema,
  listAuctionsQuerySchema,
  type AuctionDetail,
  type AuctionPriceMessage,
  type AuctionStatus,
  type ListAuctionsQuery,
  type Page,
  type Site,
  type AuctionView,
} from '@manzil/contracts';
import { AppException, CurrentSite, CurrentUser, Public, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { PriceFeed } from '../live/price-feed.js';
import {
  AUCTION_SELECT,
  findAuctionView,
  priceOf,
  STATUS_WHERE,
  toAuctionView,
  type AuctionRow,
} from './auction-view.js';

/**
 * Live auctions ending soonest first (what a bidder wants to see), upcoming ones starting
 * soonest first, closed ones most recent first; all of them together newest start first.
 */
const ORDER: Record<AuctionStatus | 'all', string> = {
  live: `a."ends_at" ASC, a."id" ASC`,
  upcoming: `a."starts_at" ASC, a."id" ASC`,
  closed: `a."ends_at" DESC, a."id" ASC`,
  all: `a."starts_at" DESC, a."id" ASC`,
};

/** A comment line on every open stream, well inside the gateway's 30 s idle timeout. */
const HEARTBEAT_MS = 15_000;

@Controller('v1/auctions')
export class AuctionsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly feed: PriceFeed,
  ) {}

  /** Public: auctions of the request's site, optionally of one status (derived from the clock). */
  @Get()
  @Public()
  async list(
    @Query(new ZodPipe(listAuctionsQuerySchema)) query: ListAuctionsQuery,
    @CurrentSite() site: Site,
  ): Promise<Page<AuctionView>> {
    // A cancelled auction leaves the public lists (the admin console still lists it).
    const where = `a."site" = $1 AND a."canceled_at" IS NULL${query.status ? ` AND ${STATUS_WHERE[query.status]}` : ''}`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `${AUCTION_SELECT} WHERE ${where} ORDER BY ${ORDER[query.status ?? 'all']} LIMIT $2 OFFSET $3`,
        [site, query.limit, (query.page - 1) * query.limit],
      ) as Promise<AuctionRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" FROM "auctions" a WHERE ${where}`, [
        site,
      ]) as Promise<{ total: number }[]>,
    ]);
    return { items: rows.map(toAuctionView), page: query.page, limit: query.limit, total };
  }

  /**
   * Public: the auction page (property card, price, minimum bid, fee); `leading` for a
   * signed-in customer. One query: the leader is on the auction row (`leading_bidder_id`).
   */
  @Get(':id')
  @Public()
  async detail(
    @Param(new ZodPipe(auctionIdParamsSchema)) { id }: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<AuctionDetail> {
    const row = await findAuctionView(this.dataSource.manager, site, id);
    if (!row) throw new AppException('NOT_FOUND');
    const leading = user?.role === 'user' ? row.leading_bidder_id === user.id : null;
    return { ...toAuctionView(row), leading };
  }

  /**
   * Public: `text/event-stream` of the auction's price. The first message is the price now;
   * then one per accepted or withdrawn bid, from whichever replica took it, and one when the
   * auction closes. A heartbeat comment keeps idle connections (and proxies) open.
   */
  @Get(':id/events')
  @Public()
  async events(
    @Param(new ZodPipe(auctionIdParamsSchema)) { id }: { id: string },
    @CurrentSite() site: Site,
    @Res() response: Response,
  ): Promise<void> {
    const row = await findAuctionView(this.dataSource.manager, site, id);
    if (!row) throw new AppException('NOT_FOUND');
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx-style proxies (the k8s ingress) pass it through unbuffered.
      'x-accel-buffering': 'no',
    });
    const send = (message: AuctionPriceMessage) =>
      response.write(`event: price\ndata: ${JSON.stringify(message)}\n\n`);
    const stop = await this.feed.follow(id, send, () => response.end());
    send({
      auctionId: row.id,
      ...priceOf(row),
      bidCount: row.bid_count,
      leadingBidId: row.leading_bid_id,
      status: row.status,
    });
    const heartbeat = setInterval(() => response.write(': ping\n\n'), HEARTBEAT_MS);
    response.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  }
}
