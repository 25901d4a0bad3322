import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fieldMessage, type Language, type RescheduleAuctionBody, type Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { AuctionClosingScheduler } from '../closing/auction-closing.job.js';

/** A start may be set this far in the past (the admin's clock and ours, the form's minute). */
const START_SLACK_MS = 60_000;

/**
 * An admin moves an auction that has not ended: start and end before it starts, the end only
 * once it is live (bidders already took part under its start). Under the row lock (bids read
 * `ends_at` under it), then the closing job of the old end is dropped and one at the new end
 * added; a job of the old end that still runs sees an end that is not its own and does nothing.
 */
@Injectable()
export class RescheduleAuction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: AuctionClosingScheduler,
  ) {}

  async execute(site: Site, language: Language, id: string, body: RescheduleAuctionBody): Promise<void> {
    const startsAt = new Date(body.startsAt);
    const endsAt = new Date(body.endsAt);
    const before = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT "starts_at", "ends_at", "closed_at", "canceled_at", now() AS "now"
           FROM "auctions" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
        [id, site],
      )) as { starts_at: Date; ends_at: Date; closed_at: Date | null; canceled_at: Date | null; now: Date }[];
      if (!row) throw new AppException('NOT_FOUND');
      const now = row.now.getTime();
      if (row.closed_at || row.canceled_at || row.ends_at.getTime() <= now)
        throw new AppException('AUCTION_NOT_RESCHEDULABLE', 422);
      const started = row.starts_at.getTime() <= now;
      const errors: { field: string; message: string }[] = [];
      if (started && startsAt.getTime() !== row.starts_at.getTime())
        errors.push({ field: 'startsAt', message: fieldMessage('auction.startLocked', language) });
      if (!started && startsAt.getTime() < now - START_SLACK_MS)
        errors.push({ field: 'startsAt', message: fieldMessage('auction.startsInPast', language) });
      if (endsAt.getTime() <= now)
        errors.push({ field: 'endsAt', message: fieldMessage('auction.endsInPast', language) });
      if (errors.length) throw new AppException('VALIDATION_FAILED', 422, errors);
      await manager.query(
        `UPDATE "auctions" SET "starts_at" = $2, "ends_at" = $3, "updated_at" = now() WHERE "id" = $1`,
        [id, startsAt, endsAt],
      );
      return row;
    });
    if (before.ends_at.getTime() !== endsAt.getTime()) {
      await this.scheduler.schedule({ id, endsAt });
      await this.scheduler.unschedule({ id, endsAt: before.ends_at });
    }
  }
}
