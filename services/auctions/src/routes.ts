import {
  auctionDetailSchema,
  auctionIdParamsSchema,
  auctionPageSchema,
  auctionPriceMessageSchema,
  auctionViewSchema,
  bidIdParamsSchema,
  bidViewSchema,
  createAuctionBodySchema,
  listAuctionsQuerySchema,
  myAuctionPageSchema,
  myBidPageSchema,
  myBidsQuerySchema,
  placeBidBodySchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description, built from the contracts' schemas the controllers validate with. */
export const AUCTION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/auctions',
    summary: "Auctions of the request's site, by status (derived from start and end times)",
    query: listAuctionsQuerySchema,
    results: auctionPageSchema,
  },
  {
    method: 'get',
    path: '/v1/auctions/:id',
    summary: 'An auction with its property card, current price, minimum bid and bidding fee',
    params: auctionIdParamsSchema,
    results: auctionDetailSchema,
  },
  {
    method: 'get',
    path: '/v1/auctions/:id/events',
    summary: 'text/event-stream of the auction price: `event: price` messages of this shape',
    params: auctionIdParamsSchema,
    results: auctionPriceMessageSchema,
    answers: 'event-stream',
  },
  {
    method: 'post',
    path: '/v1/auctions/:id/bids',
    summary: 'Places a bid (customer): at least the current price plus the minimum increment',
    params: auctionIdParamsSchema,
    body: placeBidBodySchema,
    results: bidViewSchema,
    roles: ['user'],
  },
  {
    method: 'post',
    path: '/v1/bids/:id/withdraw',
    summary: "Withdraws the customer's accepted bid while the auction is live",
    params: bidIdParamsSchema,
    results: bidViewSchema,
    roles: ['user'],
  },
  {
    method: 'get',
    path: '/v1/me/bids',
    summary: "The customer's bids of the site with their auctions (the 'auction properties' tab)",
    query: myBidsQuerySchema,
    results: myBidPageSchema,
    roles: ['user'],
  },
  {
    method: 'get',
    path: '/v1/me/auctions',
    summary:
      "The auctions the customer bid on (the 'auction properties' tab), latest bid first, each with their bids and states",
    query: myBidsQuerySchema,
    results: myAuctionPageSchema,
    roles: ['user'],
  },
  {
    method: 'post',
    path: '/v1/admin/auctions',
    summary: 'Auctions an accepted property of the site (admin); schedules its closing job',
    body: createAuctionBodySchema,
    results: auctionViewSchema,
    roles: ['admin'],
  },
];
