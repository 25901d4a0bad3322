import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Page } from '@manzil/contracts';
import { REDIS } from '@manzil/nest-kit';

export const SINK_NAMESPACE = Symbol('SINK_NAMESPACE');
/** Enough for any test run or demo session; older messages fall off. */
const KEEP = 1000;
const TTL_SECONDS = 7 * 24 * 3600;

/**
 * Messages kept in Redis lists, newest first: one list of everything and one per recipient,
 * under the sandbox's namespace (tests use a fresh one).
 */
@Injectable()
export class SinkStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SINK_NAMESPACE) private readonly namespace: string,
  ) {}

  async add(kind: 'sms' | 'email', to: string, message: object): Promise<void> {
    const value = JSON.stringify(message);
    const pipeline = this.redis.multi();
    for (const key of [this.key(kind), this.key(kind, to)]) {
      pipeline
        .lpush(key, value)
        .ltrim(key, 0, KEEP - 1)
        .expire(key, TTL_SECONDS);
    }
    await pipeline.exec();
  }

  async list<T>(
    kind: 'sms' | 'email',
    to: string | undefined,
    page: number,
    limit: number,
  ): Promise<Page<T>> {
    const key = this.key(kind, to);
    const start = (page - 1) * limit;
    const [items, total] = await Promise.all([
      this.redis.lrange(key, start, start + limit - 1),
      this.redis.llen(key),
    ]);
    return { items: items.map((item) => JSON.parse(item) as T), page, limit, total };
  }

  private key(kind: 'sms' | 'email', to?: string): string {
    return to === undefined ? `${this.namespace}:${kind}:all` : `${this.namespace}:${kind}:to:${to}`;
  }
}
