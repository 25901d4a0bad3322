import { z } from 'zod';
import { pageSchema, paginationQuerySchema, SITE_FACTS, type Page } from '@manzil/contracts';
import { AUCTION_STATUSES, type Auction } from './auction.entity.js';

/** Request and response shapes; to move to contracts when the customer remote's auction page uses them. */
export const listAuctionsQuerySchema = paginationQuerySchema.extend({
  status: z.enum(AUCTION_STATUSES).optional(),
});
export type ListAuctionsQuery = z.infer<typeof listAuctionsQuerySchema>;

export const auctionViewSchema = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  status: z.enum(AUCTION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  startingPrice: z.number(),
  currency: z.enum(['AED', 'SAR']),
});
export type AuctionView = z.infer<typeof auctionViewSchema>;
export const auctionPageSchema = pageSchema(auctionViewSchema);
export type AuctionPage = Page<AuctionView>;

export function toAuctionView(auction: Auction): AuctionView {
  return {
    id: auction.id,
    propertyId: auction.propertyId,
    status: auction.status,
    startsAt: auction.startsAt.toISOString(),
    endsAt: auction.endsAt.toISOString(),
    startingPrice: Number(auction.startingPrice),
    currency: SITE_FACTS[auction.site].currency,
  };
}
