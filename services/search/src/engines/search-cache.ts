import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Site } from '@manzil/contracts';
import { REDIS } from '@manzil/nest-kit';

/** How long a cached answer may live even when no event moves its site's generation. */
export const SEARCH_CACHE_TTL_SECONDS = 300;

/**
 * Redis cache of search answers (lists, facets, clusters, pins, autocomplete, detail), per site
 * and generation: every listing event handled for a site increments that site's generation,
 * so every answer cached before it is no longer read (and expires). A Redis failure is never
 * an error for the visitor: the engine answers. Concurrent misses of one key in this process
 * share one computation (a page asked by 32 visitors at once after an event is computed once,
 * not 32 times).
 */
@Injectable()
export class SearchCache {
  private readonly logger = new Logger(SearchCache.name);
  private readonly computing = new Map<string, Promise<unknown>>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  private generationKey(site: Site) {
    return `search:generation:${site}`;
  }

  async read<T>(site: Site, kind: string, query: unknown, compute: () => Promise<T>): Promise<T> {
    let key: string | null = null;
    try {
      const generation = (await this.redis.get(this.generationKey(site))) ?? '0';
      const hash = createHash('sha1').update(JSON.stringify(query)).digest('base64url');
      key = `search:cache:${site}:${generation}:${kind}:${hash}`;
      const cached = await this.redis.get(key);
      if (cached !== null) return JSON.parse(cached) as T;
    } catch (error) {
      this.logger.warn(`search cache not read: ${(error as Error).message}`);
    }
    if (!key) return compute();
    const shared = key;
    const pending = this.computing.get(shared);
    if (pending) return pending as Promise<T>;
    const computed = this.computeAndStore(shared, compute).finally(() => this.computing.delete(shared));
    this.computing.set(shared, computed);
    return computed;
  }

  private async computeAndStore<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const value = await compute();
    await this.redis
      .set(key, JSON.stringify(value), 'EX', SEARCH_CACHE_TTL_SECONDS)
      .catch((error: Error) => this.logger.warn(`search cache not written: ${error.message}`));
    return value;
  }

  /** After an event of the site was applied: what was cached for it is stale. */
  async invalidate(site: Site): Promise<void> {
    await this.redis.incr(this.generationKey(site));
  }
}
