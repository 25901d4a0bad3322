import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EMAIL_SENDER, type EmailSender } from '../email/email-sender.js';
import { ProviderOutcomeUnknown } from '@manzil/nest-kit';
import { CLAIM_STALE_SECONDS, OUTCOME_UNKNOWN, OUTCOME_UNKNOWN_TIMEOUT } from './send-claim.js';

/** Attempts before an e-mail is given up (marked failed), with a doubling wait between them. */
export const MAX_EMAIL_ATTEMPTS = 8;
export const DISPATCH_INTERVAL = Symbol('DISPATCH_INTERVAL');

interface EmailRow {
  notification_id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/**
 * Sends the e-mails the notifier queued, after their transaction committed, at most once per
 * notification: each is claimed before the provider is asked (`send-claim.ts`), so neither a
 * second replica nor a restart after a crash sends it again (one interrupted is given up), and
 * one the provider did not answer in time is given up at once, not retried.
 */
@Injectable()
export class EmailDispatcher implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('email-dispatcher');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
    @Inject(DISPATCH_INTERVAL) private readonly intervalMs: number,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends what is due now (coalesces calls made while a round runs into one more round). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.error({ err: error }, 'e-mail round failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * One round: every due e-mail, ten at a time, each claimed before it is sent (`send-claim.ts`):
   * the claim commits (`FOR UPDATE SKIP LOCKED`: two replicas never claim the same one), then the
   * provider is asked, then the row is marked sent, or its claim cleared for a later attempt.
   * Claims a dead process left are given up first. Resolves when the round is over.
   */
  async drain(): Promise<void> {
    await this.giveUpInterrupted();
    for (;;) {
      const rows = (await this.dataSource.query(
        `WITH "claimed" AS (
           UPDATE "notification_emails" SET "sending_at" = now(), "attempts" = "attempts" + 1
           WHERE "notification_id" IN (
             SELECT "notification_id" FROM "notification_emails"
             WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND "sending_at" IS NULL AND "next_attempt_at" <= now()
             ORDER BY "next_attempt_at" LIMIT 10 FOR UPDATE SKIP LOCKED)
           RETURNING "notification_id", "to", "subject", "text", "html", "attempts")
         SELECT * FROM "claimed"`,
      )) as EmailRow[];
      for (const row of rows) await this.send(row);
      if (rows.length < 10 || this.stopped) return;
    }
  }

  private async send(row: EmailRow): Promise<void> {
    try {
      await this.sender.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
    } catch (error) {
      if (error instanceof ProviderOutcomeUnknown) {
        // It may have been sent: given up now, never asked again.
        await this.dataSource.query(
          `UPDATE "notification_emails" SET "failed_at" = now(), "last_error" = $2
           WHERE "notification_id" = $1 AND "sent_at" IS NULL`,
          [row.notification_id, OUTCOME_UNKNOWN_TIMEOUT],
        );
        this.logger.warn(
          { notificationId: row.notification_id, attempts: row.attempts },
          'e-mail given up: the provider did not answer',
        );
        return;
      }
      this.logger.warn({ err: error, attempts: row.attempts }, 'e-mail not sent');
      await this.dataSource.query(
        `UPDATE "notification_emails" SET "sending_at" = NULL, "last_error" = $5,
           "next_attempt_at" = now() + make_interval(secs => $3),
           "failed_at" = CASE WHEN $2::int >= $4::int THEN now() END
         WHERE "notification_id" = $1 AND "sent_at" IS NULL`,
        [row.notification_id, row.attempts, 2 ** row.attempts, MAX_EMAIL_ATTEMPTS, String(error)],
      );
      return;
    }
    await this.dataSource.query(
      `UPDATE "notification_emails" SET "sent_at" = now(), "failed_at" = NULL, "last_error" = NULL
       WHERE "notification_id" = $1`,
      [row.notification_id],
    );
  }

  /** Claims never settled (a process died while asking the provider): given up, never sent again. */
  private async giveUpInterrupted(): Promise<void> {
    const given = (await this.dataSource.query(
      `WITH "given" AS (
         UPDATE "notification_emails" SET "failed_at" = now(), "last_error" = $1
         WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND "sending_at" < now() - make_interval(secs => $2)
         RETURNING "notification_id")
       SELECT * FROM "given"`,
      [OUTCOME_UNKNOWN, CLAIM_STALE_SECONDS],
    )) as { notification_id: string }[];
    for (const row of given)
      this.logger.warn(
        { notificationId: row.notification_id },
        'e-mail given up: its sending was interrupted',
      );
  }
}
