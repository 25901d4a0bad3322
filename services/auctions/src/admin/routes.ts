import {
  adminAuctionPageSchema,
  adminAuctionsQuerySchema,
  adminAuctionViewSchema,
  adminIdParamsSchema,
  auctionablePropertiesQuerySchema,
  auctionablePropertyPageSchema,
  cancelAuctionBodySchema,
  rescheduleAuctionBodySchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The admin console's auction endpoints (OpenAPI), from the schemas the controller validates with. */
export const AUCTION_CONSOLE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/admin/auctions',
    summary: "The site's auctions for the admin console (cancelled ones too), newest start first",
    query: adminAuctionsQuerySchema,
    results: adminAuctionPageSchema,
    roles: ['admin'],
  },
  {
    method: 'get',
    path: '/v1/admin/auctionable-properties',
    summary: 'Accepted properties for sale of the site (from listings’ events), with any open auction',
    query: auctionablePropertiesQuerySchema,
    results: auctionablePropertyPageSchema,
    roles: ['admin'],
  },
  {
    method: 'post',
    path: '/v1/admin/auctions/:id/schedule',
    summary: 'New start and end of an auction not ended (start fixed once live); its closing job follows',
    params: adminIdParamsSchema,
    body: rescheduleAuctionBodySchema,
    results: adminAuctionViewSchema,
    roles: ['admin'],
  },
  {
    method: 'post',
    path: '/v1/admin/auctions/:id/cancel',
    summary: 'Cancels an auction not ended: bids rejected, auction.canceled published, closing job dropped',
    params: adminIdParamsSchema,
    body: cancelAuctionBodySchema,
    results: adminAuctionViewSchema,
    roles: ['admin'],
  },
];
