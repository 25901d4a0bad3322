import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DEFAULT_MIN_INCREMENT,
  fieldMessage,
  type CreateAuctionBody,
  type Language,
  type Site,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { AuctionClosingScheduler } from '../closing/auction-closing.job.js';
import { Auction } from './auction.entity.js';

/**
 * An admin puts an accepted property of their site up for auction. The property must be
 * known here (its `listing.approved` arrived), which also proves it is accepted and of this
 * site. The closing job is scheduled after commit (and again at every start, so a lost
 * schedule is found).
 */
@Injectable()
export class CreateAuction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: AuctionClosingScheduler,
  ) {}

  async execute(site: Site, language: Language, body: CreateAuctionBody): Promise<string> {
    // Accepted now (listing.approved, no listing.withdrawn since), of this site, and not
    // already under an auction that is neither settled nor cancelled.
    const [known] = (await this.dataSource.query(
      `SELECT 1 FROM "auction_properties" p
        WHERE p."property_id" = $1 AND p."site" = $2 AND p."accepted"
          AND NOT EXISTS (SELECT 1 FROM "auctions" a WHERE a."property_id" = p."property_id" AND a."closed_at" IS NULL)`,
      [body.propertyId, site],
    )) as unknown[];
    if (!known)
      throw new AppException('VALIDATION_FAILED', 422, [
        { field: 'propertyId', message: fieldMessage('auction.propertyNotAccepted', language) },
      ]);
    const auction = await this.dataSource.manager.save(
      this.dataSource.manager.create(Auction, {
        site,
        propertyId: body.propertyId,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        startingPrice: body.startingPrice.toFixed(2),
        minIncrement: (body.minIncrement ?? DEFAULT_MIN_INCREMENT).toFixed(2),
        biddingFee: (body.biddingFee ?? 0).toFixed(2),
      }),
    );
    await this.scheduler.schedule(auction);
    return auction.id;
  }
}
