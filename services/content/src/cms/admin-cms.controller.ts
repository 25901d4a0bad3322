import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ADMIN_INPUT_SCHEMAS,
  adminListQuerySchema,
  CMS_KINDS,
  type CmsKind,
  type Language,
  type Site,
} from '@manzil/contracts';
import { AppException, CurrentLanguage, CurrentSite, Roles, ZodPipe } from '@manzil/nest-kit';
import type { z } from 'zod';
import { AdminCmsService } from './admin-cms.service.js';

function kindOf(value: string): CmsKind {
  if (!(CMS_KINDS as readonly string[]).includes(value)) throw new AppException('NOT_FOUND');
  return value as CmsKind;
}

function parseInput(kind: CmsKind, body: unknown): Record<string, unknown> {
  return new ZodPipe(ADMIN_INPUT_SCHEMAS[kind]).transform(body) as Record<string, unknown>;
}

/** The admin console's calls for pages, blogs, FAQs, menus, banners and communities (`:kind`). */
@Controller('v1/admin')
@Roles('admin')
export class AdminCmsController {
  constructor(private readonly cms: AdminCmsService) {}

  @Get(':kind')
  list(
    @Param('kind') kind: string,
    @Query(new ZodPipe(adminListQuerySchema)) query: z.infer<typeof adminListQuerySchema>,
    @CurrentSite() site: Site,
  ) {
    return this.cms.list(kindOf(kind), site, query);
  }

  @Post(':kind')
  create(
    @Param('kind') kind: string,
    @Body() body: unknown,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    const cmsKind = kindOf(kind);
    return this.cms.create(cmsKind, site, parseInput(cmsKind, body), language);
  }

  @Get(':kind/:id')
  get(@Param('kind') kind: string, @Param('id') id: string, @CurrentSite() site: Site) {
    return this.cms.get(kindOf(kind), site, id);
  }

  @Put(':kind/:id')
  update(
    @Param('kind') kind: string,
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    const cmsKind = kindOf(kind);
    return this.cms.update(cmsKind, site, id, parseInput(cmsKind, body), language);
  }

  @Delete(':kind/:id')
  async remove(@Param('kind') kind: string, @Param('id') id: string, @CurrentSite() site: Site) {
    await this.cms.remove(kindOf(kind), site, id);
    return null;
  }

  @Post(':kind/:id/publish')
  @HttpCode(200)
  publish(@Param('kind') kind: string, @Param('id') id: string, @CurrentSite() site: Site) {
    return this.cms.setPublished(kindOf(kind), site, id, true);
  }

  @Post(':kind/:id/unpublish')
  @HttpCode(200)
  unpublish(@Param('kind') kind: string, @Param('id') id: string, @CurrentSite() site: Site) {
    return this.cms.setPublished(kindOf(kind), site, id, false);
  }
}
