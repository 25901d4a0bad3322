import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { listingDeactivatedV2 } from '@manzil/contracts';
import { catchUpOnStart, jobDueAt, ServiceJobWorker } from '@manzil/nest-kit/jobs';
import { audit } from '../drafts/audit.js';
import { publishEvent } from '../drafts/owned.js';
import { Property } from '../properties/property.entity.js';

/** The BullMQ configuration of listings' own jobs (apart from the bus's). */
export const LISTING_JOBS = 'listings-jobs';
export const LICENCE_EXPIRY_QUEUE = 'licence-expiry';

interface ExpiryJobData {
  propertyId: string;
  /** The end this job was scheduled for (ms): a renewed licence has another end, and another job. */
  endsAt: number;
}

export type ExpiryOutcome = 'deactivated' | 'not-ended' | 'renewed' | 'not-active';

/**
 * When an ad licence ends the ad must come down (INTEGRATIONS.md): the listing goes inactive,
 * with an audit row by the system and `listing.deactivated` v2 (`reason: licenceExpired`, no
 * account), so search drops it. A licence checked again with a later end moved the listing's
 * end: the old job then finds nothing to do.
 */
@Injectable()
export class ExpireLicence {
  constructor(private readonly dataSource: DataSource) {}

  async execute(propertyId: string, endsAt: number): Promise<ExpiryOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const property = await manager.findOne(Property, {
        where: { id: propertyId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!property?.licenceEndsAt || property.licenceEndsAt.getTime() !== endsAt) return 'renewed';
      if (property.licenceEndsAt.getTime() > Date.now()) return 'not-ended';
      if (property.state !== 'active') return 'not-active';
      property.state = 'inactive';
      await manager.save(property);
      const adLicenseNumber = property.regulatorVerified?.adLicenseNumber ?? null;
      await audit(manager, property, { id: null, role: 'system' }, 'deactivated', {
        reason: 'licenceExpired',
        adLicenseNumber,
        licenceEndedAt: property.licenceEndsAt.toISOString(),
      });
      await publishEvent(manager, property.site, property.id, listingDeactivatedV2, {
        id: property.id,
        active: false,
        at: new Date().toISOString(),
        by: null,
        reason: 'licenceExpired',
      });
      return 'deactivated';
    });
  }
}

/**
 * One delayed job per listing at its licence's end (BullMQ on Redis, not a polling loop). On
 * start every active listing with a licence is scheduled again: one whose licence ended while
 * the service was down is taken off at once.
 */
@Injectable()
export class LicenceExpiryScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('licence-expiry');

  constructor(
    @InjectQueue(LICENCE_EXPIRY_QUEUE) private readonly queue: Queue<ExpiryJobData>,
    private readonly dataSource: DataSource,
  ) {}

  async schedule(listing: { id: string; licenceEndsAt: Date }): Promise<void> {
    await this.queue.add(
      'expire',
      { propertyId: listing.id, endsAt: listing.licenceEndsAt.getTime() },
      jobDueAt(`licence-${listing.id}`, listing.licenceEndsAt),
    );
  }

  async catchUp(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT "id", "licence_ends_at" FROM "properties"
       WHERE "licence_ends_at" IS NOT NULL AND "state" = 'active' ORDER BY "licence_ends_at"`,
    )) as { id: string; licence_ends_at: Date }[];
    for (const row of rows) await this.schedule({ id: row.id, licenceEndsAt: row.licence_ends_at });
    return rows.length;
  }

  onApplicationBootstrap(): void {
    catchUpOnStart(this.logger, 'licence expiry jobs', () => this.catchUp());
  }
}

@Processor({ name: LICENCE_EXPIRY_QUEUE, configKey: LISTING_JOBS })
export class LicenceExpiryProcessor extends ServiceJobWorker {
  constructor(private readonly expire: ExpireLicence) {
    super();
  }

  async process(job: Job<ExpiryJobData>): Promise<ExpiryOutcome> {
    const outcome = await this.expire.execute(job.data.propertyId, job.data.endsAt);
    if (outcome === 'not-ended') throw new Error(`licence of ${job.data.propertyId} has not ended yet`);
    return outcome;
  }
}
