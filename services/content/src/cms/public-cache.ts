import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Language, Site } from '@manzil/contracts';
import { REDIS } from '@manzil/nest-kit';
import { CONFIG_CACHE_OPTIONS, type ConfigCacheOptions } from '../site-config/config-cache.js';

/** What a public read is cached under; a change to one of these drops all its entries of the site. */
export type CacheArea =
  | 'pages'
  | 'blogs'
  | 'faqs'
  | 'menus'
  | 'banners'
  | 'communities'
  | 'admin-info'
  | 'master-data'
  | 'mortgage';

/**
 * Public reads in Redis per site + area + language + query, the same way as the config:
 * a generation per site and area is part of every key, a change increments it after commit,
 * so stale entries are never read again (and expire after the TTL). Redis trouble never fails
 * a read.
 */
@Injectable()
export class PublicCache {
  private readonly logger = new Logger('public-cache');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG_CACHE_OPTIONS) private readonly options: ConfigCacheOptions,
  ) {}

  private generationKey(site: Site, area: CacheArea): string {
    return `${this.options.cachePrefix}:content:cms:${site}:${area}:generation`;
  }

  async remember<T>(
    site: Site,
    area: CacheArea,
    language: Language,
    query: string,
    load: () => Promise<T>,
  ): Promise<T> {
    let key: string | undefined;
    try {
      const generation = (await this.redis.get(this.generationKey(site, area))) ?? '0';
      key = `${this.options.cachePrefix}:content:cms:${site}:${area}:${generation}:${language}:${query}`;
      const cached = await this.redis.get(key);
      if (cached) return JSON.parse(cached) as T;
    } catch (error) {
      this.logger.warn({ error: String(error) }, 'content cache read failed');
    }
    const value = await load();
    if (key) {
      await this.redis
        .set(key, JSON.stringify(value), 'EX', this.options.cacheTtlSeconds)
        .catch((error: unknown) => this.logger.warn({ error: String(error) }, 'content cache write failed'));
    }
    return value;
  }

  /** Drops every cached read of these areas of the site (call after the change commits). */
  async drop(site: Site, ...areas: CacheArea[]): Promise<void> {
    for (const area of areas) {
      try {
        await this.redis.incr(this.generationKey(site, area));
      } catch (error) {
        this.logger.error({ error: String(error), site, area }, 'content cache invalidation failed');
      }
    }
  }
}
