import { EventEmitter } from 'node:events';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AuctionPriceMessage } from '@manzil/contracts';
import { BUS_OPTIONS, REDIS, type BusOptions } from '@manzil/nest-kit';

/**
 * The live price of auctions across replicas: a replica that moves a price publishes it on
 * one Redis channel after its transaction commits; every replica listens on that channel
 * with one connection and hands each message to the SSE streams open on it for that auction.
 * Pub/sub loses what is sent while a replica is disconnected: a stream always starts with
 * the price read from the database, and the browser reconnects (EventSource) and reads it again.
 */
@Injectable()
export class PriceFeed implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('price-feed');
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channel: string;
  private subscriber?: Redis;
  private subscribing?: Promise<void>;
  /** How to end each open stream: the HTTP server only closes once they have ended. */
  private readonly streams = new Set<() => void>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(BUS_OPTIONS) options: BusOptions,
  ) {
    this.channel = `${options.namespace}:auctions:price`;
  }

  /** After commit: tell every replica (this one too, through Redis) the auction's new price. */
  async publish(message: AuctionPriceMessage): Promise<void> {
    try {
      await this.redis.publish(this.channel, JSON.stringify(message));
    } catch (error) {
      // The bid stands; streams catch up on their next message or reconnect.
      this.logger.warn({ error: String(error), msg: 'price not published' });
    }
  }

  /**
   * Calls `listener` with each price of the auction until the returned function is called;
   * `end` ends the stream when the application shuts down.
   */
  async follow(
    auctionId: string,
    listener: (message: AuctionPriceMessage) => void,
    end: () => void,
  ): Promise<() => void> {
    await this.ensureSubscribed();
    this.local.on(auctionId, listener);
    this.streams.add(end);
    return () => {
      this.local.off(auctionId, listener);
      this.streams.delete(end);
    };
  }

  private ensureSubscribed(): Promise<void> {
    this.subscribing ??= (async () => {
      this.subscriber = this.redis.duplicate();
      this.subscriber.on('message', (_channel: string, raw: string) => {
        const message = JSON.parse(raw) as AuctionPriceMessage;
        this.local.emit(message.auctionId, message);
      });
      await this.subscriber.subscribe(this.channel);
    })().catch((error: unknown) => {
      this.subscribing = undefined;
      throw error;
    });
    return this.subscribing;
  }

  /** Open streams end first (browsers reconnect to another replica), so the server can close. */
  beforeApplicationShutdown(): void {
    for (const end of [...this.streams]) end();
  }

  onApplicationShutdown(): void {
    this.local.removeAllListeners();
    this.subscriber?.disconnect();
  }
}
