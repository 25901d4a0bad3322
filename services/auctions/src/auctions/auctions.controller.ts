import { Controller, Get, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FindOptionsOrder, Repository } from 'typeorm';
import type { Site } from '@manzil/contracts';
import { CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { Auction, type AuctionStatus } from './auction.entity.js';
import {
  listAuctionsQuerySchema,
  toAuctionView,
  type AuctionPage,
  type ListAuctionsQuery,
} from './auction.schema.js';

/**
 * Live auctions ending soonest first (what a bidder wants to see), upcoming ones starting
 * soonest first, closed ones most recent first; all of them together newest start first.
 */
const ORDER: Record<AuctionStatus | 'all', FindOptionsOrder<Auction>> = {
  live: { endsAt: 'ASC', id: 'ASC' },
  upcoming: { startsAt: 'ASC', id: 'ASC' },
  closed: { endsAt: 'DESC', id: 'ASC' },
  all: { startsAt: 'DESC', id: 'ASC' },
};

@Controller('v1/auctions')
export class AuctionsController {
  constructor(@InjectRepository(Auction) private readonly auctions: Repository<Auction>) {}

  /** Public: auctions of the request's site, optionally of one status. */
  @Get()
  @Public()
  async list(
    @Query(new ZodPipe(listAuctionsQuerySchema)) query: ListAuctionsQuery,
    @CurrentSite() site: Site,
  ): Promise<AuctionPage> {
    const [rows, total] = await this.auctions.findAndCount({
      where: query.status ? { site, status: query.status } : { site },
      order: ORDER[query.status ?? 'all'],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return { items: rows.map(toAuctionView), page: query.page, limit: query.limit, total };
  }
}
