import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { subscriptionActivatedV1, TOPICS, type EventEnvelope } from '@manzil/contracts';
import { handleOnce, type EventBus, type Subscription } from '@manzil/bus';
import { EVENT_BUS } from '@manzil/nest-kit';

/** The consumer group of this service on the bus, and its name in the inbox. */
export const CONSUMER_GROUP = 'identity';

/**
 * Keeps `entitlements` in step with payments: each `payments.subscription.activated` is
 * stored once (inbox), however often the bus delivers it. Other types on the topic are skipped.
 */
@Injectable()
export class SubscriptionEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('subscription-events');
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      group: CONSUMER_GROUP,
      topics: [TOPICS.paymentsSubscription],
      handler: (event) => this.handle(event),
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== subscriptionActivatedV1.type || event.version !== subscriptionActivatedV1.version) {
      this.logger.debug({ type: event.type, version: event.version }, 'event skipped');
      return;
    }
    const payload = subscriptionActivatedV1.payload.parse(event.payload);
    await handleOnce(this.dataSource, CONSUMER_GROUP, event, async (manager) => {
      await manager.query(
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
      );
    });
  }
}
