import { type DynamicModule, Module } from '@nestjs/common';
import { CONFIG_CACHE_OPTIONS, ConfigCache, type ConfigCacheOptions } from './config-cache.js';
import { SiteConfigController } from './site-config.controller.js';
import { SiteConfigService } from './site-config.service.js';
import { UpdateSiteConfig } from './update-site-config.js';

@Module({})
export class SiteConfigModule {
  static forRoot(options: ConfigCacheOptions): DynamicModule {
    return {
      module: SiteConfigModule,
      controllers: [SiteConfigController],
      providers: [
        { provide: CONFIG_CACHE_OPTIONS, useValue: options },
        ConfigCache,
        SiteConfigService,
        UpdateSiteConfig,
      ],
    };
  }
}
