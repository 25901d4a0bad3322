import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  bidOutbidV1,
  bidPlacedV1,
  fieldMessage,
  SITE_FACTS,
  TOPICS,
  type AuctionPriceMessage,
  type Language,
  type Site,
} from '@manzil/contracts';
import { newEvent, outboxEventsParam, outboxInsertSql, outboxNotifySql } from '@manzil/bus/outbox';
import { AppException } from '@manzil/nest-kit';
import { fromCents, priceOf, toCents } from '../auctions/auction-view.js';
import { PriceFeed } from '../live/price-feed.js';
import { Bid } from './bid.entity.js';

/** The auction's committed row as a bid reads it, with the version the bid's write is conditioned on. */
interface SeenAuction {
  id: string;
  property_id: string;
  starting_price: string;
  min_increment: string;
  bidding_fee: string;
  current_price: string | null;
  leading_bid_id: string | null;
  leading_bidder_id: string | null;
  bid_count: number;
  open: boolean;
  /** The row version (`xmin`): every write to the row (a bid, a fee settled, a withdrawal, closing, cancelling, rescheduling) makes a new one. */
  version: string;
  /** The database's clock at the read: the bid's `created_at` and `placedAt`. */
  now: Date;
}

export interface PlaceBidCommand {
  site: Site;
  language: Language;
  auctionId: string;
  bidderId: string;
  amount: number;
  requestId?: string;
}

/**
 * A customer bids on a live auction, in two round trips and no explicit transaction:
 *
 * 1. A plain read of the committed row (price, leader, fee, whether live, and its version
 *    `xmin`). A bid that is too low or outside the auction's time is refused here: it writes
 *    nothing, so it is ordered at this read. Under contention most bids end here.
 * 2. One statement (autocommit) that moves the auction row **only if it is still the version
 *    read** (`WHERE "xmin" = $version`, a compare-and-set) and still live, and, from that
 *    UPDATE's row, inserts the bid and writes `bid.placed` (and `bid.outbid` for the previous
 *    leader) to the outbox and NOTIFYs the relay. The events are built from the row read in 1,
 *    which the condition proves is the row the bid replaces.
 *
 * If another write got to the row between 1 and 2 (another bid, a fee settled, a withdrawal,
 * closing), the UPDATE finds a newer version, changes nothing, and the bid starts again at 1
 * with the new price: it is then placed on the new row or refused as too low. Concurrent bids
 * on one auction are therefore serialized by the row itself: each accepted one was checked
 * against the price the one before it left, none is lost, no two are accepted at one amount
 * (the unique index on accepted amounts is the last guard). The row lock is held only inside
 * the one statement (taken by the UPDATE, released at its commit), where the locking
 * transaction held it across three round trips and the service's event loop between them. A
 * failed compare-and-set means another write committed, so bids as a whole always progress; a
 * given bid's retries end once the price passes its amount.
 *
 * An auction with a bidding fee takes the bid as `pending` (payment pending): it does not move
 * the price until its fee is paid (payments' work, see the README), but it still writes a new
 * version of the row, so it cannot slip past a closing that rejects pending bids.
 */
@Injectable()
export class PlaceBid {
  constructor(
    private readonly dataSource: DataSource,
    private readonly feed: PriceFeed,
  ) {}

  async execute(command: PlaceBidCommand): Promise<Bid> {
    for (;;) {
      const seen = await this.read(command);
      const placed = await this.place(command, seen);
      if (!placed) continue;
      if (placed.bid.status === 'accepted') await this.feed.publish(placed.price);
      return placed.bid;
    }
  }

  /** Step 1: the committed row; the refusals decided without writing (not found, not live, too low). */
  private async read(command: PlaceBidCommand): Promise<SeenAuction> {
    const [auction] = (await this.dataSource.query(
      `SELECT "id", "property_id", "starting_price", "min_increment", "bidding_fee", "current_price",
              "leading_bid_id", "leading_bidder_id", "bid_count", "xmin"::text AS "version", now() AS "now",
              now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL AS "open"
         FROM "auctions" WHERE "id" = $1 AND "site" = $2`,
      [command.auctionId, command.site],
    )) as SeenAuction[];
    if (!auction) throw new AppException('NOT_FOUND');
    if (!auction.open) throw new AppException('AUCTION_NOT_LIVE', 422);
    const price = priceOf(auction);
    if (toCents(command.amount) < toCents(price.minimumBid)) {
      // The price this refusal was decided on, so the bidder bids on without reading the auction again.
      const seen: AuctionPriceMessage = {
        auctionId: auction.id,
        ...price,
        bidCount: auction.bid_count,
        leadingBidId: auction.leading_bid_id,
        status: 'live',
      };
      throw new AppException(
        'VALIDATION_FAILED',
        422,
        [{ field: 'amount', message: fieldMessage('bid.tooLow', command.language) }],
        { price: seen },
      );
    }
    return auction;
  }

  /** Step 2: the bid on the row read, or null when the row has moved on since (then read again). */
  private async place(
    command: PlaceBidCommand,
    auction: SeenAuction,
  ): Promise<{ bid: Bid; price: AuctionPriceMessage } | null> {
    const { currentPrice } = priceOf(auction);
    const feeCents = toCents(auction.bidding_fee);
    const bid = Object.assign(new Bid(), {
      id: randomUUID(),
      auctionId: auction.id,
      site: command.site,
      bidderId: command.bidderId,
      amount: fromCents(toCents(command.amount)).toFixed(2),
      biddingFee: fromCents(feeCents).toFixed(2),
      status: feeCents > 0 ? 'pending' : 'accepted',
      paymentStatus: feeCents > 0 ? 'pending' : null,
      createdAt: auction.now,
      updatedAt: auction.now,
    } satisfies Bid);
    const currency = SITE_FACTS[command.site].currency;
    const events = [];
    const row = { ...auction };
    if (bid.status === 'accepted') {
      row.current_price = bid.amount;
      row.leading_bid_id = bid.id;
      row.leading_bidder_id = bid.bidderId;
      row.bid_count += 1;
      // The leading bid's amount is the current price (accepting and withdrawing keep them together).
      if (auction.leading_bid_id && auction.leading_bidder_id && auction.leading_bidder_id !== bid.bidderId)
        events.push(
          newEvent(
            bidOutbidV1,
            command.site,
            auction.id,
            {
              auctionId: auction.id,
              propertyId: row.property_id,
              previousBidId: auction.leading_bid_id,
              previousBidderId: auction.leading_bidder_id,
              previousAmount: currentPrice,
              newBidId: bid.id,
              newAmount: Number(bid.amount),
              currency,
            },
            command.requestId,
          ),
        );
    }
    const after = priceOf(row);
    events.unshift(
      newEvent(
        bidPlacedV1,
        command.site,
        auction.id,
        {
          bidId: bid.id,
          auctionId: auction.id,
          propertyId: row.property_id,
          bidderId: bid.bidderId,
          amount: Number(bid.amount),
          biddingFee: Number(bid.biddingFee),
          currency,
          status: bid.status as 'pending' | 'accepted',
          currentPrice: after.currentPrice,
          placedAt: bid.createdAt.toISOString(),
        },
        command.requestId,
      ),
    );
    // A pending bid leaves the price, leader and count as they are but still writes the row
    // (a new version), like every other write the compare-and-set must see. The bid and its
    // events come from the UPDATE's row, so nothing is written when the version has moved on;
    // the outbox ids are drawn after the row is locked, in the order bids were accepted.
    const accepted = bid.status === 'accepted';
    const [{ placed }] = (await this.dataSource.query(
      `WITH "moved" AS (
         UPDATE "auctions"
            SET "current_price" = CASE WHEN $11 THEN $5::numeric ELSE "current_price" END,
                "leading_bid_id" = CASE WHEN $11 THEN $1::uuid ELSE "leading_bid_id" END,
                "leading_bidder_id" = CASE WHEN $11 THEN $4::uuid ELSE "leading_bidder_id" END,
                "bid_count" = "bid_count" + CASE WHEN $11 THEN 1 ELSE 0 END,
                "updated_at" = CASE WHEN $11 THEN now() ELSE "updated_at" END
          WHERE "id" = $2 AND "xmin" = $12::xid
            AND now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL
          RETURNING "id"
       ), "bid" AS (
         INSERT INTO "bids" ("id", "auction_id", "site", "bidder_id", "amount", "bidding_fee", "status", "payment_status", "created_at", "updated_at")
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $13, $13 FROM "moved"
       ), "queued" AS (${outboxInsertSql('$9', '(SELECT $10::jsonb FROM "moved")')})
       SELECT (SELECT count(*)::int FROM "moved") AS "placed", (SELECT ${outboxNotifySql} FROM "moved") AS "notified"`,
      [
        bid.id,
        bid.auctionId,
        bid.site,
        bid.bidderId,
        bid.amount,
        bid.biddingFee,
        bid.status,
        bid.paymentStatus,
        TOPICS.auctionsAuction,
        outboxEventsParam(events),
        accepted,
        auction.version,
        bid.createdAt,
      ],
    )) as { placed: number }[];
    if (placed === 0) return null;
    const price: AuctionPriceMessage = {
      auctionId: auction.id,
      ...after,
      bidCount: row.bid_count,
      leadingBidId: row.leading_bid_id,
      status: 'live',
    };
    return { bid, price };
  }
}
