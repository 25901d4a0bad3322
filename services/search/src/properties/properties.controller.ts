import { Controller, Get, Inject, Query } from '@nestjs/common';
import { listingSearchQuerySchema, type ListingSearchQuery, type Site } from '@manzil/contracts';
import { CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { SEARCH_ENGINE, type SearchEngine } from '../read-model/search-engine.js';

@Controller('v1/properties')
export class PropertiesController {
  constructor(@Inject(SEARCH_ENGINE) private readonly engine: SearchEngine) {}

  @Get()
  @Public()
  list(@Query(new ZodPipe(listingSearchQuerySchema)) query: ListingSearchQuery, @CurrentSite() site: Site) {
    return this.engine.search(site, query);
  }
}
