import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Site } from '@manzil/contracts';
import {
  CACHE_PURGE_CHANNEL,
  REDIS,
  serializedResults,
  type CacheTag,
  type SerializedResults,
} from '@manzil/nest-kit';

/** How long a cached answer may live even when no event moves its site's generation. */
export const SEARCH_CACHE_TTL_SECONDS = 300;

export const SEARCH_CACHE_NAMESPACE = Symbol('SEARCH_CACHE_NAMESPACE');

/**
 * The site's generation and the answer cached under it, in one round trip (two GETs one after
 * the other were two). The answer's key is built here from the generation, so it is not in
 * KEYS: fine on one Redis (ours, here and in k8s), not on a Redis Cluster.
 */
const READ = `
local generation = redis.call('GET', KEYS[1]) or '0'
return { generation, redis.call('GET', ARGV[1] .. generation .. ARGV[2]) }`;

/** The site's next generation, published to the gateways' cache (http-cache.ts) in the same round trip. */
const INVALIDATE = `
local generation = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], '{"tag":' .. cjson.encode(ARGV[2]) .. ',"generation":' .. generation .. '}')
return generation`;

type CacheClient = Redis & {
  searchCacheRead(generationKey: string, before: string, after: string): Promise<[string, string | null]>;
  searchCacheInvalidate(generationKey: string, channel: string, tag: string): Promise<number>;
};

/**
 * Redis cache of search answers (lists, facets, clusters, pins, autocomplete, detail), per site
 * and generation: every listing event handled for a site increments that site's generation,
 * so every answer cached before it is no longer read (and expires). A Redis failure is never
 * an error for the visitor: the engine answers. Concurrent misses of one key in this process
 * share one computation (a page asked by 32 visitors at once after an event is computed once,
 * not 32 times).
 *
 * Answers are stored and handed back as JSON text (`serializedResults`): a hit costs no parse
 * and no serialisation of what may be tens of kilobytes, a miss one serialisation.
 *
 * Every answer read here depends on the site and the query alone, so each goes out tagged for
 * the gateway's response cache (`search:<namespace>:<site>` and the generation it was read in,
 * http-cache.ts), and each new generation is published to the gateways: a gateway answers a
 * repeated search itself, without this service, until the site's next event.
 */
@Injectable()
export class SearchCache {
  private readonly logger = new Logger(SearchCache.name);
  private readonly computing = new Map<string, Promise<SerializedResults>>();
  private readonly redis: CacheClient;

  /**
   * `namespace`: the deployment's (BUS_NAMESPACE), so two search services sharing one Redis
   * (tests, benchmarks, two deployments) never read each other's answers or generations.
   */
  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(SEARCH_CACHE_NAMESPACE) private readonly namespace: string,
  ) {
    // By its SHA (EVALSHA), sent whole only when Redis does not know it yet.
    redis.defineCommand('searchCacheRead', { numberOfKeys: 1, lua: READ });
    redis.defineCommand('searchCacheInvalidate', { numberOfKeys: 1, lua: INVALIDATE });
    this.redis = redis as CacheClient;
  }

  private generationKey(site: Site) {
    return `search:${this.namespace}:generation:${site}`;
  }

  /** The gateway's cache tag of the site's answers. */
  private tagOf(site: Site) {
    return `search:${this.namespace}:${site}`;
  }

  /** The answer to `query` as JSON text: the cached one of the site's generation, or `compute`'s (then cached). */
  async read<T>(
    site: Site,
    kind: string,
    query: unknown,
    compute: () => Promise<T>,
  ): Promise<SerializedResults> {
    let key: string | null = null;
    let tag: CacheTag | undefined;
    try {
      const hash = createHash('sha1').update(JSON.stringify(query)).digest('base64url');
      const [generation, cached] = await this.redis.searchCacheRead(
        this.generationKey(site),
        `search:${this.namespace}:cache:${site}:`,
        `:${kind}:${hash}`,
      );
      key = `search:${this.namespace}:cache:${site}:${generation}:${kind}:${hash}`;
      tag = { tag: this.tagOf(site), generation: Number(generation) };
      if (cached !== null) return serializedResults(cached, tag);
    } catch (error) {
      this.logger.warn(`search cache not read: ${(error as Error).message}`);
    }
    if (!key) return serializedResults(JSON.stringify(await compute()));
    const shared = key;
    const pending = this.computing.get(shared);
    if (pending) return pending;
    const computed = this.computeAndStore(shared, compute, tag).finally(() => this.computing.delete(shared));
    this.computing.set(shared, computed);
    return computed;
  }

  private async computeAndStore<T>(
    key: string,
    compute: () => Promise<T>,
    tag: CacheTag | undefined,
  ): Promise<SerializedResults> {
    const json = JSON.stringify(await compute());
    await this.redis
      .set(key, json, 'EX', SEARCH_CACHE_TTL_SECONDS)
      .catch((error: Error) => this.logger.warn(`search cache not written: ${error.message}`));
    return serializedResults(json, tag);
  }

  /** After an event of the site was applied: what was cached for it, here and in the gateways, is stale. */
  async invalidate(site: Site): Promise<void> {
    await this.redis.searchCacheInvalidate(this.generationKey(site), CACHE_PURGE_CHANNEL, this.tagOf(site));
  }
}
