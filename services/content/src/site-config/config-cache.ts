import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Language, SiteConfig, Site } from '@manzil/contracts';
import { REDIS } from '@manzil/nest-kit';

export const CONFIG_CACHE_OPTIONS = Symbol('CONFIG_CACHE_OPTIONS');
export interface ConfigCacheOptions {
  /** Redis key prefix (the service's namespace, fresh per test file). */
  cachePrefix: string;
  cacheTtlSeconds: number;
}

/**
 * The site config per site and language in Redis. Each site has a generation number that a
 * change increments; entries are keyed by it, so a reader that loaded the old config just
 * before a change can only write it under the old generation, which nobody reads again.
 * Redis trouble never fails a request: the config is then read from the database.
 */
@Injectable()
export class ConfigCache {
  private readonly logger = new Logger('config-cache');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG_CACHE_OPTIONS) private readonly options: ConfigCacheOptions,
  ) {}

  private generationKey(site: Site): string {
    return `${this.options.cachePrefix}:content:config:${site}:generation`;
  }

  private entryKey(site: Site, generation: string, language: Language): string {
    return `${this.options.cachePrefix}:content:config:${site}:${generation}:${language}`;
  }

  /** The cached config, or a way to store the one the caller is about to load. */
  async read(
    site: Site,
    language: Language,
  ): Promise<{ hit: SiteConfig } | { hit?: undefined; store: (config: SiteConfig) => Promise<void> }> {
    try {
      const generation = (await this.redis.get(this.generationKey(site))) ?? '0';
      const key = this.entryKey(site, generation, language);
      const cached = await this.redis.get(key);
      if (cached) return { hit: JSON.parse(cached) as SiteConfig };
      return {
        store: async (config) => {
          await this.redis
            .set(key, JSON.stringify(config), 'EX', this.options.cacheTtlSeconds)
            .catch((error: unknown) =>
              this.logger.warn({ error: String(error) }, 'config cache write failed'),
            );
        },
      };
    } catch (error) {
      this.logger.warn({ error: String(error) }, 'config cache read failed');
      return { store: async () => undefined };
    }
  }

  /** Drops every cached language of the site (called after a change is committed). */
  async drop(site: Site): Promise<void> {
    try {
      await this.redis.incr(this.generationKey(site));
    } catch (error) {
      // The entries still expire after the TTL; the change itself is committed.
      this.logger.error({ error: String(error), site }, 'config cache invalidation failed');
    }
  }
}
