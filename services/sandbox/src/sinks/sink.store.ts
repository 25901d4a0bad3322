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

  /**
   * Test control: the next `count` SMS sends (either endpoint) are refused as a provider that is
   * down refuses them. Replaces what was pending; 0 clears it.
   */
  async failNextSms(count: number): Promise<number> {
    if (count === 0) await this.redis.del(this.failuresKey());
    else await this.redis.set(this.failuresKey(), count, 'EX', TTL_SECONDS);
    return count;
  }

  async pendingSmsFailures(): Promise<number> {
    return Number((await this.redis.get(this.failuresKey())) ?? 0);
  }

  /** True when this send is to be refused (one pending failure used up, atomically). */
  async takeSmsFailure(): Promise<boolean> {
    const taken = await this.redis.eval(
      `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
       if n > 0 then redis.call('DECR', KEYS[1]) return 1 end
       return 0`,
      1,
      this.failuresKey(),
    );
    return taken === 1;
  }

  /**
   * Test control: the next `count` sends of `kind` (SMS: either endpoint) are kept, then answered
   * after `ms`. Replaces what was pending; count 0 clears it.
   */
  async delayNext(
    kind: 'sms' | 'email',
    delay: { count: number; ms: number },
  ): Promise<{ count: number; ms: number }> {
    if (delay.count === 0) await this.redis.del(this.delayKey(kind));
    else
      await this.redis
        .multi()
        .hset(this.delayKey(kind), { count: delay.count, ms: delay.ms })
        .expire(this.delayKey(kind), TTL_SECONDS)
        .exec();
    return delay;
  }

  async pendingDelay(kind: 'sms' | 'email'): Promise<{ count: number; ms: number }> {
    const [count, ms] = await this.redis.hmget(this.delayKey(kind), 'count', 'ms');
    return { count: Number(count ?? 0), ms: Number(ms ?? 0) };
  }

  /** How long this send waits before it is answered (one pending delay used up, atomically), or 0. */
  async takeDelay(kind: 'sms' | 'email'): Promise<number> {
    const ms = await this.redis.eval(
      `local n = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
       if n > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) return tonumber(redis.call('HGET', KEYS[1], 'ms')) end
       return 0`,
      1,
      this.delayKey(kind),
    );
    return Number(ms);
  }

  private delayKey(kind: 'sms' | 'email'): string {
    return `${this.namespace}:${kind}:delay`;
  }

  private failuresKey(): string {
    return `${this.namespace}:sms:failures`;
  }

  private key(kind: 'sms' | 'email', to?: string): string {
    return to === undefined ? `${this.namespace}:${kind}:all` : `${this.namespace}:${kind}:to:${to}`;
  }
}
