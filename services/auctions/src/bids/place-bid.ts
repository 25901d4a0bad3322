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
 * An error made without capturing its stack: for the refusal of a bid too low, the answer to
 * almost every bid of a crowd (99 % in the bench), whose stack nobody reads (the envelope
 * filter logs only 5xx) and whose capture through Nest's and rxjs's frames was the dearest
 * line of the refusal in the service's profile.
 */
function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** One bid waiting in its auction's line, with the caller's promise. */
interface Waiting {
  command: PlaceBidCommand;
  resolve: (bid: Bid) => void;
  reject: (error: unknown) => void;
}

const SEEN_COLUMNS = `"id", "property_id", "starting_price", "min_increment", "bidding_fee", "current_price",
  "leading_bid_id", "leading_bidder_id", "bid_count", "xmin"::text AS "version", now() AS "now"`;

/**
 * A customer bids on a live auction. The bids of one auction wait in one line per process and
 * are judged one after the other against the auction's row as the database last showed it:
 *
 * 1. A plain read of the committed row (price, leader, fee, whether live, and its version
 *    `xmin`), **one for every bid that joined the line before it was sent**. A bid that is too
 *    low or outside the auction's time is refused from it: it writes nothing, so it is ordered
 *    at this read. Under contention most bids end here.
 * 2. For a bid high enough, one statement (autocommit) that moves the auction row **only if it
 *    is still the version read** (`WHERE "xmin" = $version`, a compare-and-set) and still live,
 *    and, from that UPDATE's row, inserts the bid and writes `bid.placed` (and `bid.outbid` for
 *    the previous leader) to the outbox and NOTIFYs the relay. The events are built from the
 *    row judged on, which the condition proves is the row the bid replaces. The statement
 *    returns the row it wrote (its new version and clock), and the next bids of the line are
 *    judged on that row, without reading it again: it was committed after they arrived, so a
 *    refusal from it is as true as one from a read.
 *
 * If another write got to the row between the read and the write (another replica's bid, a
 * fee settled, a withdrawal, closing), the UPDATE finds a newer version, changes nothing, and
 * the bid is judged again on a new read: placed on the new row or refused as too low.
 * Concurrent bids on one auction are therefore serialized by the row itself across replicas:
 * each accepted one was checked against the price the one before it left, none is lost, no two
 * are accepted at one amount (the unique index on accepted amounts is the last guard). The
 * line only saves round trips: in one process a bid no longer races the others of its auction
 * to a compare-and-set that the first of them wins and the rest wait on the row lock for, and
 * a crowd of bids arriving together costs one read, not one each. A row judged on is always
 * one the database answered after the bid joined the line (a read sent after it, or a write
 * that followed such a read), never one kept from before: what a withdrawal or another replica
 * changed in between is always seen. The line of an auction ends when it is empty (no state is
 * kept between crowds).
 *
 * An auction with a bidding fee takes the bid as `pending` (payment pending): it does not move
 * the price until its fee is paid (payments' work, see the README), but it still writes a new
 * version of the row, so it cannot slip past a closing that rejects pending bids.
 */
@Injectable()
export class PlaceBid {
  /** The bids waiting per auction (key: site and id), the array the line's loop takes them from. */
  private readonly lines = new Map<string, Waiting[]>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly feed: PriceFeed,
  ) {}

  execute(command: PlaceBidCommand): Promise<Bid> {
    return new Promise<Bid>((resolve, reject) => {
      const key = `${command.site}:${command.auctionId}`;
      const line = this.lines.get(key);
      if (line) {
        line.push({ command, resolve, reject });
        return;
      }
      const fresh = [{ command, resolve, reject }];
      this.lines.set(key, fresh);
      void this.serve(key, fresh);
    });
  }

  /** The line's loop: every bid waiting is taken with a read sent after it, then judged in turn. */
  private async serve(key: string, line: Waiting[]): Promise<void> {
    while (line.length > 0) {
      const taken = line.splice(0);
      const { site, auctionId } = taken[0].command;
      /** The row the next bid is judged on; undefined: to be read. */
      let seen: SeenAuction | null | undefined;
      for (const waiting of taken) {
        try {
          for (;;) {
            if (seen === undefined) seen = await this.read(site, auctionId);
            this.judge(waiting.command, seen);
            const judged: SeenAuction = seen;
            // Unknown after this write fails or finds the row moved on: read again.
            seen = undefined;
            const placed = await this.place(waiting.command, judged);
            if (!placed) continue;
            seen = placed.after;
            const { bid, price } = placed;
            if (bid.status === 'accepted')
              // Not awaited by the line: the next bid need not wait for Redis; this bidder does.
              void this.feed.publish(price).then(() => waiting.resolve(bid));
            else waiting.resolve(bid);
            break;
          }
        } catch (error) {
          waiting.reject(error);
        }
      }
    }
    this.lines.delete(key);
  }

  /** The committed row, or null when the site has no such auction. */
  private async read(site: Site, auctionId: string): Promise<SeenAuction | null> {
    const [auction] = (await this.dataSource.query(
      `SELECT ${SEEN_COLUMNS}, now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL AS "open"
         FROM "auctions" WHERE "id" = $1 AND "site" = $2`,
      [auctionId, site],
    )) as SeenAuction[];
    return auction ?? null;
  }

  /** The refusals decided without writing (not found, not live, too low), on a row the database answered after the bid arrived. */
  private judge(command: PlaceBidCommand, auction: SeenAuction | null): asserts auction is SeenAuction {
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
      throw withoutStack(
        () =>
          new AppException(
            'VALIDATION_FAILED',
            422,
            [{ field: 'amount', message: fieldMessage('bid.tooLow', command.language) }],
            { price: seen },
          ),
      );
    }
  }

  /** The bid on the row judged on, with the row it wrote; null when the row has moved on since (then read again). */
  private async place(
    command: PlaceBidCommand,
    auction: SeenAuction,
  ): Promise<{ bid: Bid; price: AuctionPriceMessage; after: SeenAuction } | null> {
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
    const [written] = (await this.dataSource.query(
      `WITH "moved" AS (
         UPDATE "auctions"
            SET "current_price" = CASE WHEN $11 THEN $5::numeric ELSE "current_price" END,
                "leading_bid_id" = CASE WHEN $11 THEN $1::uuid ELSE "leading_bid_id" END,
                "leading_bidder_id" = CASE WHEN $11 THEN $4::uuid ELSE "leading_bidder_id" END,
                "bid_count" = "bid_count" + CASE WHEN $11 THEN 1 ELSE 0 END,
                "updated_at" = CASE WHEN $11 THEN now() ELSE "updated_at" END
          WHERE "id" = $2 AND "xmin" = $12::xid
            AND now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL
          RETURNING ${SEEN_COLUMNS}, true AS "open"
       ), "bid" AS (
         INSERT INTO "bids" ("id", "auction_id", "site", "bidder_id", "amount", "bidding_fee", "status", "payment_status", "created_at", "updated_at")
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $13, $13 FROM "moved"
       ), "queued" AS (${outboxInsertSql('$9', '(SELECT $10::jsonb FROM "moved")')})
       SELECT "moved".*, ${outboxNotifySql} AS "notified" FROM "moved"`,
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
    )) as (SeenAuction | undefined)[];
    if (!written) return null;
    const price: AuctionPriceMessage = {
      auctionId: auction.id,
      ...after,
      bidCount: row.bid_count,
      leadingBidId: row.leading_bid_id,
      status: 'live',
    };
    return { bid, price, after: written };
  }
}
