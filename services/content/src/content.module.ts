import { type DynamicModule, Module } from '@nestjs/common';
import { AdminInfoController } from './admin-info/admin-info.controller.js';
import { AdminInfoService } from './admin-info/admin-info.service.js';
import { AdminCmsController } from './cms/admin-cms.controller.js';
import { AdminCmsService } from './cms/admin-cms.service.js';
import { PublicCache } from './cms/public-cache.js';
import { PublicContentController } from './cms/public-content.controller.js';
import { PublicContentService } from './cms/public-content.service.js';
import { MediaController } from './media/media.controller.js';
import { MessagesController } from './messages/messages.controller.js';
import { MessagesService } from './messages/messages.service.js';
import { ReferenceController } from './reference/reference.controller.js';
import { CONFIG_CACHE_OPTIONS, ConfigCache, type ConfigCacheOptions } from './site-config/config-cache.js';
import { SiteConfigController } from './site-config/site-config.controller.js';
import { SiteConfigService } from './site-config/site-config.service.js';
import { UpdateSiteConfig } from './site-config/update-site-config.js';

/**
 * The content features. One module because they share the caches (a page change drops the
 * config, a config change drops the menus). `AdminCmsController` comes last: its
 * `admin/:kind` routes must not shadow `admin/admin-info`, `admin/complaints`, ...
 */
@Module({})
export class ContentModule {
  static forRoot(options: ConfigCacheOptions): DynamicModule {
    return {
      module: ContentModule,
      controllers: [
        SiteConfigController,
        AdminInfoController,
        MessagesController,
        MediaController,
        ReferenceController,
        PublicContentController,
        AdminCmsController,
      ],
      providers: [
        { provide: CONFIG_CACHE_OPTIONS, useValue: options },
        ConfigCache,
        PublicCache,
        SiteConfigService,
        UpdateSiteConfig,
        PublicContentService,
        AdminCmsService,
        AdminInfoService,
        MessagesService,
      ],
    };
  }
}
