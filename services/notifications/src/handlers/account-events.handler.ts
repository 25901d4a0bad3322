import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { accountDeletedV1, accountRegisteredV1, type EventEnvelope } from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';

/**
 * identity.account.* (identity): who the recipients are — their language for e-mails, and
 * deleted accounts, who get no more e-mail. No notification of their own.
 */
@Controller()
export class AccountEventsHandler {
  constructor(private readonly inbox: EventInbox) {}

  @EventPattern(accountRegisteredV1.type)
  async registered(
    @Payload(new ParseEventPipe(accountRegisteredV1))
    event: EventEnvelope<z.infer<typeof accountRegisteredV1.payload>>,
  ): Promise<void> {
    const p = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "recipients" ("account_id", "site", "role", "language") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("account_id") DO UPDATE SET "role" = EXCLUDED."role", "language" = EXCLUDED."language"`,
        [p.accountId, event.site, p.role, p.language],
      ),
    );
  }

  @EventPattern(accountDeletedV1.type)
  async deleted(
    @Payload(new ParseEventPipe(accountDeletedV1))
    event: EventEnvelope<z.infer<typeof accountDeletedV1.payload>>,
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
