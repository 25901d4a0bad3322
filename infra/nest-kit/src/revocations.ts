import { Redis } from 'ioredis';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppException } from './app.exception.js';

/**
 * Where revocations live in Redis, shared by identity (which writes them) and every service's
 * guard (which reads them): the account's token version (`tv`: tokens carrying a lower one
 * are refused) and revoked sessions (`rs`: the refresh family an access token belongs to).
 */
export const revocationKeys = {
  account: (namespace: string, accountId: string) => `${namespace}:auth:tv:${accountId}`,
  session: (namespace: string, sessionId: string) => `${namespace}:auth:rs:${sessionId}`,
};

/** Redis cannot say whether the token was revoked and the grace period is over. */
export class RevocationUnknown extends Error {}

export interface Revoked {
  /** Accounts whose every token issued before `version` is refused. */
  accounts?: { id: string; version: number }[];
  /** Sessions (refresh families) whose access tokens are refused. */
  sessions?: string[];
}

// Raises the version, never lowers it (two revocations may be published out of order), and
// keeps the key as long as a token it refuses may live.
const RAISE = `local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) >= current then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return current`;

/**
 * Publishes revocations (identity). `ttlSeconds` is how long the tokens they refuse may still
 * live (the access token lifetime): after it the keys go, and Redis holds only what matters.
 */
export async function publishRevocations(
  redis: Redis,
  namespace: string,
  revoked: Revoked,
  ttlSeconds: number,
): Promise<void> {
  const pipeline = redis.pipeline();
  for (const account of revoked.accounts ?? []) {
    pipeline.eval(RAISE, 1, revocationKeys.account(namespace, account.id), account.version, ttlSeconds);
  }
  for (const session of revoked.sessions ?? []) {
    pipeline.set(revocationKeys.session(namespace, session), '1', 'EX', ttlSeconds);
  }
  const results = (await pipeline.exec()) ?? [];
  const failed = results.find(([error]) => error);
  if (failed) throw failed[0];
}

export interface RevocationCheckOptions {
  redisUrl: string;
  namespace: string;
  /**
   * While Redis does not answer, tokens are accepted for this long (from the first failure)
   * unless this process already saw them revoked; after it, 503.
   */
  graceSeconds: number;
}

const REMEMBERED = 10_000;

/**
 * The guard's revocation check: one MGET per request with a token (the account's version and
 * the session's mark) on a connection of its own that never queues, so a Redis outage costs
 * no waiting. Revocations it has read are remembered (bounded) and still refuse during an outage.
 */
export class TokenRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly redis: Redis;
  private downSince?: number;
  private readonly remembered = new Map<string, number>();

  constructor(private readonly options: RevocationCheckOptions) {
    this.redis = new Redis(options.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 2_000,
      // The checks of requests arriving together leave in one write (issue 13: under load
      // each MGET was a socket write of its own, ~4% of a request's CPU).
      enableAutoPipelining: true,
    });
    // Failures surface through the checks (grace, then 503); no unhandled error events.
    this.redis.on('error', () => undefined);
  }

  /** The connection is opened before the first request (a slow start is not an outage). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 3_000);
      this.redis.once('ready', done);
    });
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  /**
   * Refuses (401) a token whose account version is behind or whose session was revoked;
   * throws `RevocationUnknown` when Redis has not answered for longer than the grace period.
   */
  async check(accountId: string, version: number, sessionId?: string): Promise<void> {
    const { namespace } = this.options;
    const accountKey = revocationKeys.account(namespace, accountId);
    const sessionKey = sessionId ? revocationKeys.session(namespace, sessionId) : undefined;
    let current: number;
    let sessionRevoked: boolean;
    try {
      const values = await this.redis.mget(sessionKey ? [accountKey, sessionKey] : [accountKey]);
      this.downSince = undefined;
      current = Number(values[0] ?? 0);
      sessionRevoked = Boolean(values[1]);
    } catch {
      this.downSince ??= Date.now();
      current = this.remembered.get(accountKey) ?? 0;
      sessionRevoked = sessionKey !== undefined && this.remembered.has(sessionKey);
      if (current <= version && !sessionRevoked) {
        if (Date.now() - this.downSince < this.options.graceSeconds * 1000) return;
        throw new RevocationUnknown('revocations unknown: Redis does not answer');
      }
    }
    if (current > 0) this.remember(accountKey, current);
    if (sessionRevoked && sessionKey) this.remember(sessionKey, 1);
    if (current > version || sessionRevoked) throw new AppException('UNAUTHORIZED');
  }

  private remember(key: string, value: number): void {
    this.remembered.delete(key);
    this.remembered.set(key, value);
    if (this.remembered.size > REMEMBERED) {
      const oldest = this.remembered.keys().next().value;
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
  }
}
