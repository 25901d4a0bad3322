import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { subscriptionActivatedV1, subscriptionExpiredV1 } from '@manzil/contracts';
import { EventInbox, ParseEventPipe, type EventOf } from '@manzil/nest-kit';

/**
 * Keeps `entitlements` in step with payments: each `payments.subscription.activated` is
 * stored once (inbox), however often the bus delivers it, and `expired` ends it at its
 * `endedAt` (an upgrade ends the old one early). Other types on the topic are acked unread.
 */
@Controller()
export class SubscriptionEventsController {
  constructor(private readonly inbox: EventInbox) {}

  @EventPattern(subscriptionActivatedV1.type)
  async activated(
    @Payload(new ParseEventPipe(subscriptionActivatedV1))
    event: EventOf<typeof subscriptionActivatedV1>,
  ): Promise<void> {
    const payload = event.payload;
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `INSERT INTO "entitlements" ("subscription_id", "site", "account_id", "plan", "property_quota", "agent_quota", "starts_at", "ends_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ("subscription_id") DO UPDATE SET "plan" = EXCLUDED."plan", "property_quota" = EXCLUDED."property_quota",
           "agent_quota" = EXCLUDED."agent_quota", "starts_at" = EXCLUDED."starts_at", "ends_at" = EXCLUDED."ends_at"`,
        [
          payload.subscriptionId,
          event.site,
          payload.accountId,
          payload.plan,
          payload.propertyQuota,
          payload.agentQuota,
          payload.startsAt,
          payload.endsAt,
        ],
      ),
    );
  }

  @EventPattern(subscriptionExpiredV1.type)
  async expired(
    @Payload(new ParseEventPipe(subscriptionExpiredV1))
    event: EventOf<typeof subscriptionExpiredV1>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (manager) =>
      manager.query(
        `UPDATE "entitlements" SET "ends_at" = least("ends_at", $2) WHERE "subscription_id" = $1 AND "site" = $3`,
        [event.payload.subscriptionId, event.payload.endedAt, event.site],
      ),
    );
  }
}
