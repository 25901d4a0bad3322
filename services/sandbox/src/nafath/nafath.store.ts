import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@manzil/nest-kit';
import type { NafathSandboxOptions } from './nafath.config.js';
import { NafathError, type NafathStatus, type NafathTransaction } from './nafath.schema.js';

export const NAFATH_OPTIONS = Symbol('NAFATH_OPTIONS');
/** Finished requests stay readable (status, the page) for a day. */
const KEEP_SECONDS = 24 * 3600;
const RECENT = 200;
/** Deletes the "active request" marker only if it still points at this request. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * Nafath requests in Redis under `<namespace>:nafath:`:
 * - `tx:<transId>` the request (JSON), immutable;
 * - `active:<nationalId>` the open request of a person (SET NX, expires with the request):
 *   what makes "one active request per national ID" hold under concurrency;
 * - `final:<transId>` COMPLETED | REJECTED | EXPIRED once decided (SET NX: decided once);
 * - `recent` the latest transIds, for the page.
 * A request past its expiry without a decision reads as EXPIRED.
 */
@Injectable()
export class NafathStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NAFATH_OPTIONS) private readonly options: NafathSandboxOptions,
  ) {}

  async create(
    input: Pick<NafathTransaction, 'requestId' | 'nationalId' | 'service' | 'local'>,
  ): Promise<NafathTransaction> {
    const now = Date.now();
    const lifetimeMs = this.options.requestSeconds * 1000;
    const transaction: NafathTransaction = {
      ...input,
      transId: randomUUID(),
      random: String(randomInt(10, 100)),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + lifetimeMs).toISOString(),
    };
    const claimed = await this.redis.set(
      this.key('active', input.nationalId),
      transaction.transId,
      'PX',
      lifetimeMs,
      'NX',
    );
    if (claimed !== 'OK') {
      throw new NafathError(400, 'ACTIVE_REQUEST_EXISTS', 'There is an active request for this national ID');
    }
    await this.redis
      .multi()
      .set(
        this.key('tx', transaction.transId),
        JSON.stringify(transaction),
        'EX',
        this.options.requestSeconds + KEEP_SECONDS,
      )
      .lpush(this.key('recent'), transaction.transId)
      .ltrim(this.key('recent'), 0, RECENT - 1)
      .expire(this.key('recent'), KEEP_SECONDS)
      .exec();
    return transaction;
  }

  async get(transId: string): Promise<NafathTransaction | null> {
    const value = await this.redis.get(this.key('tx', transId));
    return value ? (JSON.parse(value) as NafathTransaction) : null;
  }

  async status(transaction: NafathTransaction): Promise<NafathStatus> {
    const final = await this.redis.get(this.key('final', transaction.transId));
    if (final) return final as NafathStatus;
    return Date.parse(transaction.expiresAt) <= Date.now() ? 'EXPIRED' : 'WAITING';
  }

  /**
   * Decides a waiting request once. A request already decided, or past its expiry, cannot
   * be approved or rejected (409), as the person's app would no longer show it.
   */
  async decide(transaction: NafathTransaction, status: Exclude<NafathStatus, 'WAITING'>): Promise<void> {
    const current = await this.status(transaction);
    if (current !== 'WAITING') {
      throw new NafathError(409, 'NOT_WAITING', `The request is ${current}`);
    }
    const set = await this.redis.set(
      this.key('final', transaction.transId),
      status,
      'EX',
      KEEP_SECONDS + this.options.requestSeconds,
      'NX',
    );
    if (set !== 'OK') throw new NafathError(409, 'NOT_WAITING', 'The request was already decided');
    await this.redis.eval(RELEASE_SCRIPT, 1, this.key('active', transaction.nationalId), transaction.transId);
  }

  /** The latest requests with their status, newest first. */
  async recent(): Promise<{ transaction: NafathTransaction; status: NafathStatus }[]> {
    const ids = await this.redis.lrange(this.key('recent'), 0, RECENT - 1);
    const rows = await Promise.all(ids.map((id) => this.get(id)));
    const found = rows.filter((row): row is NafathTransaction => row !== null);
    return Promise.all(
      found.map(async (transaction) => ({ transaction, status: await this.status(transaction) })),
    );
  }

  /** The callback URL set at runtime (test/demo control), else the configured one. */
  async callbackUrl(): Promise<string | undefined> {
    return (await this.redis.get(this.key('callback-url'))) ?? this.options.callbackUrl;
  }

  async setCallbackUrl(url: string | null): Promise<void> {
    if (url === null) await this.redis.del(this.key('callback-url'));
    else await this.redis.set(this.key('callback-url'), url);
  }

  private key(...parts: string[]): string {
    return [this.options.namespace, 'nafath', ...parts].join(':');
  }
}
