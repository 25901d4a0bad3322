import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { SMS_SENDER, type SmsSender } from '@manzil/nest-kit';
import { catchUpOnStart, ServiceJobWorker } from '@manzil/nest-kit/jobs';

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
 * died is not lost.
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
 * development and tests). The row is locked while it is sent and marked sent in the same
 * transaction, so two workers never send it twice; a message already sent does nothing. When the
 * provider refuses or cannot be reached the attempt is counted, the job throws and BullMQ tries
 * again after a doubling wait; after the last attempt the message is marked failed. In-app
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

  async process(job: Job<SmsJobData>): Promise<'sent' | 'nothing to send'> {
    const { smsId } = job.data;
    let failure: unknown = null;
    let attempts = 0;
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT "to", "body", "attempts" FROM "notification_sms" WHERE "id" = $1 AND "sent_at" IS NULL AND "failed_at" IS NULL FOR UPDATE`,
        [smsId],
      )) as { to: string; body: string; attempts: number }[];
      if (!row) return 'nothing to send' as const;
      attempts = row.attempts + 1;
      try {
        await this.sender.send(row.to, row.body);
      } catch (error) {
        failure = error;
        return 'failed' as const;
      }
      await manager.query(
        `UPDATE "notification_sms" SET "sent_at" = now(), "attempts" = "attempts" + 1, "last_error" = NULL WHERE "id" = $1`,
        [smsId],
      );
      return 'sent' as const;
    });
    if (outcome !== 'failed') return outcome;
    // Counted on the row, not the job: a job added again after a restart does not start the count over.
    const last = attempts >= (job.opts.attempts ?? 1);
    await this.dataSource.query(
      `UPDATE "notification_sms" SET "attempts" = "attempts" + 1, "last_error" = $2,
         "failed_at" = CASE WHEN $3::boolean THEN now() END
       WHERE "id" = $1 AND "sent_at" IS NULL`,
      [smsId, String(failure), last],
    );
    this.logger.warn({ smsId, attempt: attempts, last }, 'text message not sent');
    throw failure instanceof Error ? failure : new Error(String(failure));
  }
}
