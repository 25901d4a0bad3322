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
import { newEvent, outboxEventsParam, outboxInsertSql, outboxNotifySql } from '@manzil/bus';
import { AppException } from '@manzil/nest-kit';
import { fromCents, priceOf, toCents } from '../auctions/auction-view.js';
import { PriceFeed } from '../live/price-feed.js';
import { Bid } from './bid.entity.js';

interface LockedAuction {
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
  /** The transaction's clock: the bid's `created_at` (its column default is the same `now()`). */
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
 * A customer bids on a live auction. Everything happens under the auction row's lock
 * (`SELECT … FOR UPDATE`) in one transaction: read the current price, check the amount
 * against it plus the minimum increment, insert the bid, move the price, write `bid.placed`
 * (and `bid.outbid` for the previous leader) to the outbox. Concurrent bids on one auction
 * therefore queue on the lock and each sees the price the one before it left: none is lost
 * and no two are accepted at the same amount (the unique index on accepted amounts is the
 * last guard). The new price goes to the live streams after commit.
 *
 * Round trips, since the lock is what bids queue on: the early refusal (no lock), BEGIN,
 * the locking read (the row carries the leader, `leading_bidder_id`, so nothing else is read
 * under the lock: a join there would read the previous bid from the statement's snapshot,
 * taken before the lock was granted), one statement that inserts the bid, moves the price,
 * writes the events and NOTIFYs the relay (the bid's id is drawn here, its time is the
 * transaction's `now()`), and COMMIT: three while the lock is held, where there were seven.
 *
 * An auction with a bidding fee takes the bid as `pending` (payment pending): it does not
 * move the price until its fee is paid (payments' work, see the README).
 */
@Injectable()
export class PlaceBid {
  constructor(
    private readonly dataSource: DataSource,
    private readonly feed: PriceFeed,
  ) {}

  async execute(command: PlaceBidCommand): Promise<Bid> {
    await this.refuseEarly(command);
    const { bid, price } = await this.dataSource.transaction(async (manager) => {
      const [auction] = (await manager.query(
        `SELECT "id", "property_id", "starting_price", "min_increment", "bidding_fee", "current_price",
                "leading_bid_id", "leading_bidder_id", "bid_count", now() AS "now",
                now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL AS "open"
           FROM "auctions" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
        [command.auctionId, command.site],
      )) as LockedAuction[];
      if (!auction) throw new AppException('NOT_FOUND');
      if (!auction.open) throw new AppException('AUCTION_NOT_LIVE', 422);
      const { currentPrice, minimumBid } = priceOf(auction);
      const amount = toCents(command.amount);
      if (amount < toCents(minimumBid))
        throw new AppException('VALIDATION_FAILED', 422, [
          { field: 'amount', message: fieldMessage('bid.tooLow', command.language) },
        ]);

      const feeCents = toCents(auction.bidding_fee);
      const bid = Object.assign(new Bid(), {
        id: randomUUID(),
        auctionId: auction.id,
        site: command.site,
        bidderId: command.bidderId,
        amount: fromCents(amount).toFixed(2),
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
      await manager.query(
        `WITH "bid" AS (
           INSERT INTO "bids" ("id", "auction_id", "site", "bidder_id", "amount", "bidding_fee", "status", "payment_status")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ), "moved" AS (
           UPDATE "auctions"
              SET "current_price" = $5, "leading_bid_id" = $1, "leading_bidder_id" = $4,
                  "bid_count" = "bid_count" + 1, "updated_at" = now()
            WHERE "id" = $2 AND $7::text = 'accepted'
         ), "queued" AS (${outboxInsertSql('$9', '$10')})
         SELECT ${outboxNotifySql}`,
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
        ],
      );
      const price: AuctionPriceMessage = {
        auctionId: auction.id,
        ...after,
        bidCount: row.bid_count,
        leadingBidId: row.leading_bid_id,
        status: 'live',
      };
      return { bid, price };
    });
    if (bid.status === 'accepted') await this.feed.publish(price);
    return bid;
  }

  /**
   * The refusals decided without the lock, from the committed row: a bid that is too low or
   * outside the auction's time writes nothing, so it may be ordered at the moment of this read
   * (as if it had arrived just before whatever commits next). Under contention most bids are
   * such refusals (everyone bids the price they saw): they no longer queue on the auction's
   * row behind the bids that move it. The transaction checks everything again under the lock.
   */
  private async refuseEarly(command: PlaceBidCommand): Promise<void> {
    const [auction] = (await this.dataSource.query(
      `SELECT "starting_price", "min_increment", "current_price",
              now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL AS "open"
         FROM "auctions" WHERE "id" = $1 AND "site" = $2`,
      [command.auctionId, command.site],
    )) as Pick<LockedAuction, 'starting_price' | 'min_increment' | 'current_price' | 'open'>[];
    if (!auction) throw new AppException('NOT_FOUND');
    if (!auction.open) throw new AppException('AUCTION_NOT_LIVE', 422);
    if (toCents(command.amount) < toCents(priceOf(auction).minimumBid))
      throw new AppException('VALIDATION_FAILED', 422, [
        { field: 'amount', message: fieldMessage('bid.tooLow', command.language) },
      ]);
  }
}
