import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EMAIL_SENDER, type EmailSender } from '../email/email-sender.js';

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
 * Sends the e-mails the notifier queued, after their transaction committed: due rows are
 * taken with `FOR UPDATE SKIP LOCKED` (two replicas never take the same one) and marked sent in
 * the same transaction. An e-mail leaves at most once per notification, unless the process
 * dies between the provider's answer and the commit (then once more: at-least-once, written
 * down in the README).
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

  /** One round: every due e-mail, ten at a time. Resolves when the round is over. */
  async drain(): Promise<void> {
    for (;;) {
      const sent = await this.dataSource.transaction(async (manager) => {
        const rows = (await manager.query(
          `SELECT "notification_id", "to", "subject", "text", "html", "attempts" FROM "notification_emails"
           WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND "next_attempt_at" <= now()
           ORDER BY "next_attempt_at" LIMIT 10 FOR UPDATE SKIP LOCKED`,
        )) as EmailRow[];
        for (const row of rows) {
          try {
            await this.sender.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
            await manager.query(
              `UPDATE "notification_emails" SET "sent_at" = now(), "attempts" = "attempts" + 1 WHERE "notification_id" = $1`,
              [row.notification_id],
            );
          } catch (error) {
            const attempts = row.attempts + 1;
            this.logger.warn({ err: error, attempts }, 'e-mail not sent');
            await manager.query(
              `UPDATE "notification_emails" SET "attempts" = $2,
                 "next_attempt_at" = now() + make_interval(secs => $3),
                 "failed_at" = CASE WHEN $2 >= $4 THEN now() END
               WHERE "notification_id" = $1`,
              [row.notification_id, attempts, 2 ** attempts, MAX_EMAIL_ATTEMPTS],
            );
          }
        }
        return rows.length;
      });
      if (sent < 10 || this.stopped) return;
    }
  }
}
