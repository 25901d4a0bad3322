import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  contentConfigChangedV1,
  TOPICS,
  type Site,
  type UpdateSiteConfig as Change,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { AppException } from '@manzil/nest-kit';
import { PublicCache } from '../cms/public-cache.js';
import { ConfigCache } from './config-cache.js';
import { PropertyType } from './property-type.entity.js';
import { SiteSetting } from './site-setting.entity.js';

/**
 * An admin changes the site's config: the rows and `content.config.changed` (through the
 * outbox) commit together, then the cached config (and top menus) of the site are dropped.
 */
@Injectable()
export class UpdateSiteConfig {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ConfigCache,
    private readonly publicCache: PublicCache,
  ) {}

  async execute(site: Site, change: Change, requestId?: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const setting = await manager.findOne(SiteSetting, {
        where: { site },
        lock: { mode: 'pessimistic_write' },
      });
      if (!setting) throw new AppException('NO_DATA_FOUND');
      setting.currency = change.currency ?? setting.currency;
      setting.areaUnit = change.areaUnit ?? setting.areaUnit;
      setting.updatedAt = new Date();
      await manager.save(setting);
      for (const type of change.propertyTypes ?? []) {
        await manager.update(PropertyType, { site, slug: type.slug }, { status: type.status });
      }
      const types = await manager.find(PropertyType, { where: { site }, order: { position: 'ASC' } });
      const payload = contentConfigChangedV1.payload.parse({
        site,
        currency: setting.currency,
        areaUnit: setting.areaUnit,
        propertyTypes: types.map(({ slug, status }) => ({ slug, status })),
      });
      await enqueue(
        manager,
        TOPICS.contentConfig,
        newEvent(contentConfigChangedV1, site, site, payload, requestId),
      );
    });
    await this.cache.drop(site);
    // The top menu hides items of inactive property types from visitors.
    await this.publicCache.drop(site, 'menus');
  }
}
