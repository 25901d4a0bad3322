import { Controller, Get, Query } from '@nestjs/common';
import { locationLookupQuerySchema, type LocationLookupQuery, type Site } from '@manzil/contracts';
import { CurrentSite, currentContext, Public, ZodPipe } from '@manzil/nest-kit';
import { LocationsService } from './locations.service.js';

@Controller('v1/locations')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @Get()
  @Public()
  lookup(
    @Query(new ZodPipe(locationLookupQuerySchema)) query: LocationLookupQuery,
    @CurrentSite() site: Site,
  ) {
    return this.locations.lookup(site, currentContext()?.language ?? 'en', query);
  }
}
