import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { RouteDoc } from '@manzil/nest-kit';
import { Auction } from './auction.entity.js';
import { auctionPageSchema, listAuctionsQuerySchema } from './auction.schema.js';
import { AuctionsController } from './auctions.controller.js';

export const AUCTION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/auctions',
    summary: "Auctions of the request's site",
    query: listAuctionsQuerySchema,
    results: auctionPageSchema,
  },
];

@Module({
  imports: [TypeOrmModule.forFeature([Auction])],
  controllers: [AuctionsController],
})
export class AuctionsModule {}
