import { Controller, Get, Param } from '@nestjs/common';
import { propertySlugParamsSchema, type Site } from '@manzil/contracts';
import { CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { PropertiesService } from './properties.service.js';

@Controller('v1/properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get(':slug')
  @Public()
  get(@Param(new ZodPipe(propertySlugParamsSchema)) params: { slug: string }, @CurrentSite() site: Site) {
    return this.properties.findPublished(site, params.slug);
  }
}
