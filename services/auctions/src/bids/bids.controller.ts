import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  auctionIdParamsSchema,
  bidIdParamsSchema,
  myBidsQuerySchema,
  placeBidBodySchema,
  SITE_FACTS,
  type BidView,
  type Language,
  type MyBidView,
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
}
