import {
  type BeforeApplicationShutdown,
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { BullModule, InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  createEventBus,
  OutboxRelay,
  pruneBusTables,
  retentionFromDays,
  watchOutbox,
  type BusLogger,
  type BusRetention,
  type EventBus,
  type RetryPolicy,
} from '@manzil/bus';
import { BusSubscriptions } from './events/bus-subscriptions.js';
import { EventInbox } from './events/event-inbox.js';
import { OutboxAdminController } from './outbox-admin.controller.js';
import { BUS_OPTIONS, EVENT_BUS } from './tokens.js';

export interface BusOptions {
  clientId: string;
  redisUrl: string;
  namespace: string;
  kafkaBrokers?: string;
  /** Start the outbox relay of this service's database (services that publish). */
  relay?: boolean;
  /** The consumer group of the service's `@EventPattern` handlers and its inbox name (default clientId). */
  group?: string;
  /** Retries of a failing handler (default DEFAULT_RETRY_POLICY of @manzil/bus: 1 s … 10 min, 6 attempts). */
  retry?: Partial<RetryPolicy>;
  /** Redis Streams: entries older than this go once every group has read them (default 24 h). */
  streamRetentionMs?: number;
  /**
   * How long published outbox rows and inbox rows are kept, and how often the retention job
   * runs (defaults: 7 days, 35 days, hourly; see @manzil/bus README, "Retention").
   */
  retention?: { outboxDays?: number; inboxDays?: number; everyMs?: number };
}

/** The bus config of a service's environment (dataEnvSchema's BUS_* variables) as BusModule options. */
export function busOptionsFromEnv(config: {
  BUS_MAX_ATTEMPTS?: number;
  BUS_RETRY_DELAYS_MS?: number[];
  BUS_STREAM_RETENTION_MINUTES?: number;
  BUS_OUTBOX_RETENTION_DAYS?: number;
  BUS_INBOX_RETENTION_DAYS?: number;
  BUS_RETENTION_EVERY_MS?: number;
}): Pick<BusOptions, 'retry' | 'streamRetentionMs' | 'retention'> {
  return {
    retry: { maxAttempts: config.BUS_MAX_ATTEMPTS, retryDelaysMs: config.BUS_RETRY_DELAYS_MS },
    streamRetentionMs:
      config.BUS_STREAM_RETENTION_MINUTES === undefined
        ? undefined
        : config.BUS_STREAM_RETENTION_MINUTES * 60_000,
    retention: {
      outboxDays: config.BUS_OUTBOX_RETENTION_DAYS,
      inboxDays: config.BUS_INBOX_RETENTION_DAYS,
      everyMs: config.BUS_RETENTION_EVERY_MS,
    },
  };
}

function busLogger(): BusLogger {
  const logger = new Logger('bus');
  return {
    warn: (fields, message) => logger.warn({ ...fields, msg: message }),
    error: (fields, message) => logger.error({ ...fields, msg: message }),
  };
}

/** The BullMQ configuration of the bus's jobs, kept apart from any a service has of its own. */
const BUS_JOBS = 'manzil-bus';
const RETENTION_QUEUE = 'bus-retention';
const HOUR_MS = 60 * 60 * 1000;

/** Deletes published outbox rows and inbox rows past their retention (a BullMQ job scheduler runs it). */
@Processor({ name: RETENTION_QUEUE, configKey: BUS_JOBS })
class BusRetentionProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly retention: BusRetention;

  constructor(
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
    private readonly dataSource: DataSource,
  ) {
    super();
    this.retention = retentionFromDays({
      outbox: options.retention?.outboxDays,
      inbox: options.retention?.inboxDays,
    });
  }

  process(): Promise<{ outbox: number; inbox: number }> {
    return pruneBusTables(this.dataSource, this.retention, this.options.clientId);
  }

  /** A running job finishes before the database closes (TypeORM closes it at onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}

@Injectable()
class BusLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private relay?: OutboxRelay;
  private unwatch?: () => void;
  private readonly logger = new Logger('outbox');

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
    private readonly dataSource: DataSource,
    private readonly subscriptions: BusSubscriptions,
    @InjectQueue(RETENTION_QUEUE) private readonly retentionQueue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unwatch = watchOutbox(this.options.clientId, this.dataSource);
    // One schedule per service however many replicas upsert it; one replica runs each job.
    // Not awaited: boot does not wait on Redis for it.
    void this.retentionQueue
      .upsertJobScheduler(
        RETENTION_QUEUE,
        { every: this.options.retention?.everyMs ?? HOUR_MS },
        { name: 'prune', opts: { removeOnComplete: 10, removeOnFail: 50 } },
      )
      .catch((error: unknown) =>
        this.logger.error({ error: String(error), msg: 'retention job not scheduled (Redis unreachable?)' }),
      );
    if (!this.options.relay) return;
    this.relay = new OutboxRelay(this.dataSource, this.bus, {
      name: this.options.clientId,
      logger: {
        info: (o, m) => this.logger.log({ ...o, msg: m }),
        error: (o, m) => this.logger.error({ ...o, msg: m }),
      },
    });
    await this.relay.start();
  }

  /**
   * Before the database closes (TypeORM closes it at onApplicationShutdown): handlers in flight
   * finish, the rest stays on the bus; the relay's pass in flight commits.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.subscriptions.stopAll();
    await this.relay?.stop();
    this.unwatch?.();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

/**
 * The event bus of a service (Redis Streams here, Kafka when KAFKA_BROKERS is set), its outbox
 * relay, the retention job of its outbox and inbox, the admin list of parked outbox rows, and
 * what its `@EventPattern` handlers use (EventInbox; the transport itself is connected by
 * startService / createTestApp). Needs TypeOrmModule in the same application.
 */
@Module({})
export class BusModule {
  static forRoot(options: BusOptions): DynamicModule {
    return {
      module: BusModule,
      global: true,
      imports: [
        BullModule.forRoot(BUS_JOBS, {
          connection: { url: options.redisUrl },
          // Services (and test files) share one Redis: each gets its own queue keys, beside
          // (not among) the namespace's stream keys.
          prefix: `bull:${options.namespace}:${options.clientId}`,
        }),
        BullModule.registerQueue({ name: RETENTION_QUEUE, configKey: BUS_JOBS }),
      ],
      controllers: [OutboxAdminController],
      providers: [
        { provide: BUS_OPTIONS, useValue: options },
        {
          provide: EVENT_BUS,
          useFactory: () =>
            createEventBus({
              clientId: options.clientId,
              redisUrl: options.redisUrl,
              // Kafka topics are declared without a prefix (k8s/kafka-topics.yaml); the
              // namespace only separates Redis stream keys (tests, several stacks on one Redis).
              namespace: options.kafkaBrokers ? undefined : options.namespace,
              kafkaBrokers: options.kafkaBrokers?.split(',').filter(Boolean),
              retry: options.retry,
              retention:
                options.streamRetentionMs === undefined ? undefined : { maxAgeMs: options.streamRetentionMs },
              logger: busLogger(),
            }),
        },
        BusSubscriptions,
        EventInbox,
        BusLifecycle,
        BusRetentionProcessor,
      ],
      exports: [EVENT_BUS, BUS_OPTIONS, BusSubscriptions, EventInbox],
    };
  }
}
