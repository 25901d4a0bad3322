import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Language, Site, SiteConfig } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { ConfigCache } from './config-cache.js';
import { presentConfig } from './present-config.js';
import { PropertyType } from './property-type.entity.js';
import { SiteSetting } from './site-setting.entity.js';
import { Page } from '../cms/page.entity.js';

/** Reads a site's config, through the Redis cache. */
@Injectable()
export class SiteConfigService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ConfigCache,
  ) {}

  async get(site: Site, language: Language): Promise<SiteConfig> {
    const cached = await this.cache.read(site, language);
    if (cached.hit) return cached.hit;
    const config = await loadConfig(this.dataSource.manager, site, language);
    await cached.store(config);
    return config;
  }
}

export async function loadConfig(
  manager: EntityManager,
  site: Site,
  language: Language,
): Promise<SiteConfig> {
  const [setting, types, pages] = await Promise.all([
    manager.findOne(SiteSetting, { where: { site } }),
    manager.find(PropertyType, { where: { site }, order: { position: 'ASC' } }),
    manager.find(Page, { where: { site, published: true }, order: { position: 'ASC', createdAt: 'ASC' } }),
  ]);
  if (!setting) throw new AppException('NO_DATA_FOUND');
  return presentConfig(setting, types, pages, language);
}
