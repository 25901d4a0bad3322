import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { accountChannelsV1, accountDeletedV1, accountRegisteredV1 } from '@manzil/contracts';
import { EventInbox, ParseEventPipe, type EventOf } from '@manzil/nest-kit';

/**
 * identity.account.* (identity): who the recipients are — their language, the e-mail and mobile
 * they proved (`channels`), and deleted accounts, who get no more e-mail or SMS. No notification
 * of their own.
 */
@Controller()
export class AccountEventsHandler {
  constructor(private readonly inbox: EventInbox) {}

  /** The language chosen at sign-up, unless a later `channels` event already said one. */
  @EventPattern(accountRegisteredV1.type)
  async registered(
    @Payload(new ParseEventPipe(accountRegisteredV1))
    event: EventOf<typeof accountRegisteredV1>,
  ): Promise<void> {
    const p = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "recipients" ("account_id", "site", "role", "language") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("account_id") DO UPDATE SET "role" = EXCLUDED."role",
           "language" = CASE WHEN "recipients"."channels_at" IS NULL THEN EXCLUDED."language" ELSE "recipients"."language" END`,
        [p.accountId, event.site, p.role, p.language],
      ),
    );
  }

  /**
   * The latest channels of the account: an event older than the one already applied (order
   * holds per account on the topic, but a replay may bring an old one back) changes nothing.
   */
  @EventPattern(accountChannelsV1.type)
  async channels(
    @Payload(new ParseEventPipe(accountChannelsV1))
    event: EventOf<typeof accountChannelsV1>,
  ): Promise<void> {
    const p = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "recipients" ("account_id", "site", "role", "language", "email", "phone", "channels_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ("account_id") DO UPDATE SET "role" = EXCLUDED."role", "language" = EXCLUDED."language",
           "email" = EXCLUDED."email", "phone" = EXCLUDED."phone", "channels_at" = EXCLUDED."channels_at"
         WHERE "recipients"."channels_at" IS NULL OR "recipients"."channels_at" <= EXCLUDED."channels_at"`,
        [p.accountId, event.site, p.role, p.language, p.email, p.phone, event.occurredAt],
      ),
    );
  }

  @EventPattern(accountDeletedV1.type)
  async deleted(
    @Payload(new ParseEventPipe(accountDeletedV1))
    event: EventOf<typeof accountDeletedV1>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "recipients" ("account_id", "site", "deleted_at") VALUES ($1, $2, $3)
         ON CONFLICT ("account_id") DO UPDATE SET "deleted_at" = EXCLUDED."deleted_at"`,
        [event.payload.accountId, event.site, event.occurredAt],
      ),
    );
  }
}
