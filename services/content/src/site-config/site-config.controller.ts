import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  updateSiteConfigSchema,
  type Language,
  type Site,
  type UpdateSiteConfig as Change,
} from '@manzil/contracts';
import { currentContext, CurrentLanguage, CurrentSite, Public, Roles, ZodPipe } from '@manzil/nest-kit';
import { SiteConfigService } from './site-config.service.js';
import { UpdateSiteConfig } from './update-site-config.js';

@Controller('v1')
export class SiteConfigController {
  constructor(
    private readonly configs: SiteConfigService,
    private readonly updateSiteConfig: UpdateSiteConfig,
  ) {}

  @Get('config')
  @Public()
  get(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.configs.get(site, language);
  }

  @Put('admin/config')
  @Roles('admin')
  async update(
    @Body(new ZodPipe(updateSiteConfigSchema)) change: Change,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    await this.updateSiteConfig.execute(site, change, currentContext()?.requestId);
    return this.configs.get(site, language);
  }
}
