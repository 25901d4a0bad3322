import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ProviderOutcomeUnknown, SMS_SENDER, type SmsSender } from '@manzil/nest-kit';
import { catchUpOnStart, ServiceJobWorker } from '@manzil/nest-kit/jobs';
import { CLAIM_STALE_SECONDS, OUTCOME_UNKNOWN, OUTCOME_UNKNOWN_TIMEOUT } from '../delivery/send-claim.js';

/** The BullMQ configuration of notifications' own jobs (apart from the bus's). */
export const NOTIFICATION_JOBS = 'notifications-jobs';
export const SMS_QUEUE = 'notification-sms';
/** How a text message is retried: attempts in all, and the first wait (doubling after it). */
export const SMS_RETRY = Symbol('SMS_RETRY');
export interface SmsRetry {
  attempts: number;
  delayMs: number;
}

interface SmsJobData {
  smsId: string;
}

/**
 * Puts the text messages an event queued (rows of `notification_sms`, written in the event's
 * inbox transaction) on the BullMQ queue once that transaction committed. The job id is the
 * row's, so adding it again (a catch-up, another replica) is one job. On start every message not
 * yet sent nor given up is added again: one whose transaction committed just before the process
 * died is not lost, and one whose sending it interrupted is given up by its job (never sent twice).
 */
@Injectable()
export class SmsQueue implements OnApplicationBootstrap {
  private readonly logger = new Logger('sms');

  constructor(
    @InjectQueue(SMS_QUEUE) private readonly queue: Queue<SmsJobData>,
    @Inject(SMS_RETRY) private readonly retry: SmsRetry,
    private readonly dataSource: DataSource,
  ) {}

  async add(smsIds: string[]): Promise<void> {
    if (!smsIds.length) return;
    const opts: JobsOptions = {
      attempts: this.retry.attempts,
      backoff: { type: 'exponential', delay: this.retry.delayMs },
      removeOnComplete: 1_000,
      removeOnFail: 1_000,
    };
    await this.queue.addBulk(
      smsIds.map((smsId) => ({ name: 'send', data: { smsId }, opts: { ...opts, jobId: smsId } })),
    );
  }

  /** Every message still owed (neither sent nor given up). */
  async catchUp(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT "id" FROM "notification_sms" WHERE "sent_at" IS NULL AND "failed_at" IS NULL ORDER BY "created_at"`,
    )) as { id: string }[];
    await this.add(rows.map((row) => row.id));
    return rows.length;
  }

  onApplicationBootstrap(): void {
    catchUpOnStart(this.logger, 'text messages', () => this.catchUp());
  }
}

/**
 * Sends one text message through the SMS port (Unifonic in production, the sandbox in
 * development and tests), at most once (`delivery/send-claim.ts`): the row is claimed and the
 * attempt counted in one committed statement, the provider is asked, then the row is marked
 * sent. Two workers never both claim it; a message already sent or given up does nothing. When
 * the provider refuses or cannot be reached the claim is cleared, the job throws and BullMQ tries
 * again after a doubling wait; after the last attempt the message is marked failed. A provider
 * that was asked but did not answer in time (`ProviderOutcomeUnknown`) may have taken it: the
 * message is given up at once (`OUTCOME_UNKNOWN_TIMEOUT`) and the job ends without an error, so
 * BullMQ does not ask again. A claim left by a process that died while asking is given up once
 * it is stale, never sent again. In-app
 * notifications never wait on this: they were written with the event.
 */
@Processor({ name: SMS_QUEUE, configKey: NOTIFICATION_JOBS })
export class SmsSendProcessor extends ServiceJobWorker {
  private readonly logger = new Logger('sms');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SMS_SENDER) private readonly sender: SmsSender,
  ) {
    super();
  }

  async process(job: Job<SmsJobData>): Promise<'sent' | 'nothing to send' | 'outcome unknown'> {
    const { smsId } = job.data;
    const [row] = (await this.dataSource.query(
      `WITH "claimed" AS (
         UPDATE "notification_sms" SET "sending_at" = now(), "attempts" = "attempts" + 1
         WHERE "id" = $1 AND "sent_at" IS NULL AND "failed_at" IS NULL AND "sending_at" IS NULL
         RETURNING "to", "body", "attempts")
       SELECT * FROM "claimed"`,
      [smsId],
    )) as { to: string; body: string; attempts: number }[];
    if (!row) return this.unclaimed(smsId);
    try {
      await this.sender.send(row.to, row.body);
    } catch (failure) {
      if (failure instanceof ProviderOutcomeUnknown) {
        // It may have been sent: never asked again (the claim stays, the row is given up).
        await this.dataSource.query(
          `UPDATE "notification_sms" SET "failed_at" = now(), "last_error" = $2 WHERE "id" = $1 AND "sent_at" IS NULL`,
          [smsId, OUTCOME_UNKNOWN_TIMEOUT],
        );
        this.logger.warn(
          { smsId, attempt: row.attempts },
          'text message given up: the provider did not answer',
        );
        return 'outcome unknown';
      }
      // Counted on the row, not the job: a job added again after a restart does not start the count over.
      const last = row.attempts >= (job.opts.attempts ?? 1);
      await this.dataSource.query(
        `UPDATE "notification_sms" SET "sending_at" = NULL, "last_error" = $2,
           "failed_at" = CASE WHEN $3::boolean THEN now() END
         WHERE "id" = $1 AND "sent_at" IS NULL`,
        [smsId, String(failure), last],
      );
      this.logger.warn({ smsId, attempt: row.attempts, last }, 'text message not sent');
      throw failure instanceof Error ? failure : new Error(String(failure));
    }
    await this.dataSource.query(
      `UPDATE "notification_sms" SET "sent_at" = now(), "failed_at" = NULL, "last_error" = NULL WHERE "id" = $1`,
      [smsId],
    );
    return 'sent';
  }

  /**
   * A row this job could not claim: sent or given up (nothing to do), claimed by a process that
   * died while asking the provider (stale: given up), or being sent right now by another worker
   * (the job throws and comes back after its wait, to find it settled or stale).
   */
  private async unclaimed(smsId: string): Promise<'nothing to send' | 'outcome unknown'> {
    const [given] = (await this.dataSource.query(
      `WITH "given" AS (
         UPDATE "notification_sms" SET "failed_at" = now(), "last_error" = $2
         WHERE "id" = $1 AND "sent_at" IS NULL AND "failed_at" IS NULL
           AND "sending_at" < now() - make_interval(secs => $3)
         RETURNING "id")
       SELECT * FROM "given"`,
      [smsId, OUTCOME_UNKNOWN, CLAIM_STALE_SECONDS],
    )) as { id: string }[];
    if (given) {
      this.logger.warn({ smsId }, 'text message given up: its sending was interrupted');
      return 'outcome unknown';
    }
    const [owed] = (await this.dataSource.query(
      `SELECT 1 FROM "notification_sms" WHERE "id" = $1 AND "sent_at" IS NULL AND "failed_at" IS NULL`,
      [smsId],
    )) as unknown[];
    if (owed) throw new Error(`text message ${smsId} is being sent by another worker`);
    return 'nothing to send';
  }
}
