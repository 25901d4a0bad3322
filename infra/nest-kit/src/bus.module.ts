import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createEventBus, OutboxRelay, type EventBus } from '@manzil/bus';
import { EVENT_BUS } from './tokens.js';

export interface BusOptions {
  clientId: string;
  redisUrl: string;
  namespace: string;
  kafkaBrokers?: string;
  /** Start the outbox relay of this service's database (services that publish). */
  relay?: boolean;
}

const BUS_OPTIONS = Symbol('BUS_OPTIONS');

@Injectable()
class BusLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay?: OutboxRelay;
  private readonly logger = new Logger('outbox');

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(BUS_OPTIONS) private readonly options: BusOptions,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options.relay) return;
    this.relay = new OutboxRelay(this.dataSource, this.bus, {
      logger: {
        info: (o, m) => this.logger.log({ ...o, msg: m }),
        error: (o, m) => this.logger.error({ ...o, msg: m }),
      },
    });
    await this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.bus.close();
  }
}

/**
 * The event bus of a service (Redis Streams here, Kafka when KAFKA_BROKERS is set) and its
 * outbox relay. Needs TypeOrmModule in the same application.
 */
@Module({})
export class BusModule {
  static forRoot(options: BusOptions): DynamicModule {
    return {
      module: BusModule,
      global: true,
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
            }),
        },
        BusLifecycle,
      ],
      exports: [EVENT_BUS],
    };
  }
}
