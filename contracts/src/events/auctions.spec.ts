import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { auctionClosedV1, bidOutbidV1, bidPlacedV1 } from './auctions.js';
import { topicOfEvent } from './event-topics.js';
import { TOPICS } from './topics.js';

const placed = () => ({
  bidId: randomUUID(),
  auctionId: randomUUID(),
  propertyId: randomUUID(),
  bidderId: randomUUID(),
  amount: 1_250_000.5,
  biddingFee: 0,
  currency: 'AED',
  status: 'accepted',
  currentPrice: 1_250_000.5,
  placedAt: new Date().toISOString(),
});

describe('auction events v1 (contract)', () => {
  it('are published on auctions.auction, keyed by the auction', () => {
    for (const def of [bidPlacedV1, bidOutbidV1, auctionClosedV1]) {
      expect(def.version).toBe(1);
      expect(topicOfEvent(def.type)).toBe(TOPICS.auctionsAuction);
    }
  });

  it('bid.placed takes a pending or accepted bid and nothing else', () => {
    const bid = placed();
    expect(bidPlacedV1.payload.parse(bid)).toEqual(bid);
    expect(bidPlacedV1.payload.safeParse({ ...placed(), status: 'pending' }).success).toBe(true);
    expect(bidPlacedV1.payload.safeParse({ ...placed(), status: 'rejected' }).success).toBe(false);
    expect(bidPlacedV1.payload.safeParse({ ...placed(), amount: -1 }).success).toBe(false);
    expect(bidPlacedV1.payload.safeParse({ ...placed(), currency: 'USD' }).success).toBe(false);
    const { bidderId: _omitted, ...withoutBidder } = placed();
    expect(bidPlacedV1.payload.safeParse(withoutBidder).success).toBe(false);
  });

  it('bid.outbid names the previous leader and the new bid', () => {
    const outbid = {
      auctionId: randomUUID(),
      propertyId: randomUUID(),
      previousBidId: randomUUID(),
      previousBidderId: randomUUID(),
      previousAmount: 1_000,
      newBidId: randomUUID(),
      newAmount: 2_000,
      currency: 'SAR',
    };
    expect(bidOutbidV1.payload.parse(outbid)).toEqual(outbid);
    expect(bidOutbidV1.payload.safeParse({ ...outbid, previousBidderId: 'someone' }).success).toBe(false);
  });

  it('auction.closed has a winner or null, and every bidder', () => {
    const closed = {
      auctionId: randomUUID(),
      propertyId: randomUUID(),
      endsAt: new Date().toISOString(),
      closedAt: new Date().toISOString(),
      currency: 'AED',
      winner: { bidId: randomUUID(), bidderId: randomUUID(), amount: 3_000_000 },
      bidderIds: [randomUUID()],
    };
    expect(auctionClosedV1.payload.parse(closed)).toEqual(closed);
    expect(auctionClosedV1.payload.parse({ ...closed, winner: null, bidderIds: [] }).winner).toBeNull();
    expect(auctionClosedV1.payload.safeParse({ ...closed, winner: undefined }).success).toBe(false);
  });
});
