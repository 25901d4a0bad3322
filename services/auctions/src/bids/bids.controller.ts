import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import {
  auctionIdParamsSchema,
  bidIdParamsSchema,
  myBidsQuerySchema,
  placeBidBodySchema,
  SITE_FACTS,
  type BidView,
  type Language,
  type MyAuctionView,
  type MyBidView,
  MY_AUCTION_BIDS_SHOWN,
  type Page,
  type PaginationQuery,
  type PlaceBidBody,
  type Site,
} from '@manzil/contracts';
import {
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  currentContext,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { AUCTION_SELECT, toAuctionView, type AuctionRow } from '../auctions/auction-view.js';
import { Bid } from './bid.entity.js';
import { PlaceBid } from './place-bid.js';
import { WithdrawBid } from './withdraw-bid.js';

function toBidView(bid: Bid, leadingBidId: string | null): BidView {
  return {
    id: bid.id,
    auctionId: bid.auctionId,
    amount: Number(bid.amount),
    biddingFee: Number(bid.biddingFee),
    currency: SITE_FACTS[bid.site].currency,
    status: bid.status,
    paymentStatus: bid.paymentStatus,
    leading: bid.id === leadingBidId,
    createdAt: bid.createdAt.toISOString(),
    updatedAt: bid.updatedAt.toISOString(),
  };
}

/** Bids are a customer's (spec §6: the auction pages are the customer's alone). */
@Controller()
@Roles('user')
export class BidsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly placeBid: PlaceBid,
    private readonly withdrawBid: WithdrawBid,
  ) {}

  @Post('v1/auctions/:id/bids')
  @HttpCode(201)
  async place(
    @Param(new ZodPipe(auctionIdParamsSchema)) { id }: { id: string },
    @Body(new ZodPipe(placeBidBodySchema)) body: PlaceBidBody,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @CurrentUser() user: AuthUser,
  ): Promise<BidView> {
    const bid = await this.placeBid.execute({
      site,
      language,
      auctionId: id,
      bidderId: user.id,
      amount: body.amount,
      requestId: currentContext()?.requestId,
    });
    return toBidView(bid, bid.status === 'accepted' ? bid.id : null);
  }

  @Post('v1/bids/:id/withdraw')
  @HttpCode(200)
  async withdraw(
    @Param(new ZodPipe(bidIdParamsSchema)) { id }: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ): Promise<BidView> {
    const bid = await this.withdrawBid.execute({ site, bidId: id, bidderId: user.id });
    return toBidView(bid, null);
  }

  /** The customer's "auction properties" tab: their bids of this site, newest first, with their auctions. */
  @Get('v1/me/bids')
  async mine(
    @Query(new ZodPipe(myBidsQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ): Promise<Page<MyBidView>> {
    const [bids, total] = await this.dataSource.manager.findAndCount(Bid, {
      where: { bidderId: user.id, site },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    const auctionIds = [...new Set(bids.map((bid) => bid.auctionId))];
    const auctions = auctionIds.length
      ? ((await this.dataSource.query(`${AUCTION_SELECT} WHERE a."id" = ANY($1::uuid[])`, [
          auctionIds,
        ])) as AuctionRow[])
      : [];
    const byId = new Map(auctions.map((auction) => [auction.id, auction]));
    const items = bids.map((bid): MyBidView => {
      const auction = byId.get(bid.auctionId)!;
      return { ...toBidView(bid, auction.leading_bid_id), auction: toAuctionView(auction) };
    });
    return { items, page: query.page, limit: query.limit, total };
  }

  /**
   * The customer's "auction properties" tab: the auctions of this site they bid on, the one
   * they bid on last first, each with their bids and those bids' states. Paginated by auction.
   */
  @Get('v1/me/auctions')
  async myAuctions(
    @Query(new ZodPipe(myBidsQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ): Promise<Page<MyAuctionView>> {
    const pageRows = (await this.dataSource.query(
      `SELECT "auction_id", count(*)::int AS "count", count(*) OVER ()::int AS "total"
         FROM "bids" WHERE "bidder_id" = $1 AND "site" = $2
        GROUP BY "auction_id" ORDER BY max("created_at") DESC, "auction_id" LIMIT $3 OFFSET $4`,
      [user.id, site, query.limit, (query.page - 1) * query.limit],
    )) as { auction_id: string; count: number; total: number }[];
    const ids = pageRows.map((row) => row.auction_id);
    let total = pageRows[0]?.total;
    if (total === undefined)
      [{ total }] = (await this.dataSource.query(
        `SELECT count(DISTINCT "auction_id")::int AS "total" FROM "bids" WHERE "bidder_id" = $1 AND "site" = $2`,
        [user.id, site],
      )) as { total: number }[];
    if (ids.length === 0) return { items: [], page: query.page, limit: query.limit, total };
    const auctions = (await this.dataSource.query(`${AUCTION_SELECT} WHERE a."id" = ANY($1::uuid[])`, [
      ids,
    ])) as AuctionRow[];
    // Each auction's newest bids of this customer (the window keeps a long ladder bounded).
    const bids = (await this.dataSource.query(
      `SELECT "id" FROM (
         SELECT "id", row_number() OVER (PARTITION BY "auction_id" ORDER BY "created_at" DESC, "id" DESC) AS "n"
           FROM "bids" WHERE "bidder_id" = $1 AND "site" = $2 AND "auction_id" = ANY($3::uuid[])) b
        WHERE b."n" <= $4`,
      [user.id, site, ids, MY_AUCTION_BIDS_SHOWN],
    )) as { id: string }[];
    const rows = bids.length
      ? await this.dataSource.manager.find(Bid, {
          where: { id: In(bids.map(({ id }) => id)) },
          order: { createdAt: 'DESC', id: 'DESC' },
        })
      : [];
    const byId = new Map(auctions.map((auction) => [auction.id, auction]));
    const items = pageRows.map(({ auction_id: id, count }): MyAuctionView => {
      const auction = byId.get(id)!;
      const mine = rows
        .filter((bid) => bid.auctionId === id)
        .map((bid) => toBidView(bid, auction.leading_bid_id));
      return {
        ...toAuctionView(auction),
        leading: mine.some((bid) => bid.leading),
        myBidCount: count,
        myBids: mine,
      };
    });
    return { items, page: query.page, limit: query.limit, total };
  }
}
