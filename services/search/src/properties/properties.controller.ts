import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  locationAutocompleteQuerySchema,
  mapClustersQuerySchema,
  mapPinsQuerySchema,
  propertyDetailParamsSchema,
  paginationQuerySchema,
  searchQuerySchema,
  type PaginationQuery,
  type LocationAutocompleteQuery,
  type MapClustersQuery,
  type MapPinsQuery,
  type SearchQuery,
  type Site,
} from '@manzil/contracts';
import { AppException, CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { AgentContacts } from '../directory/agent-contacts.js';
import { SearchCache } from '../engines/search-cache.js';
import { SEARCH_ENGINE, type SearchEngine } from '../engines/search-engine.js';

/** A query naming another site than the request's is refused (the host decides the site): 403. */
function sameSite(query: { site?: Site }, site: Site) {
  if (query.site !== undefined && query.site !== site) throw new AppException('SITE_MISMATCH');
}

/** The public search API (contracts/src/search.ts); every answer cached per site and generation. */
@Controller('v1')
export class PropertiesController {
  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly cache: SearchCache,
    private readonly contacts: AgentContacts,
  ) {}

  @Get('properties')
  @Public()
  list(@Query(new ZodPipe(searchQuerySchema)) query: SearchQuery, @CurrentSite() site: Site) {
    sameSite(query, site);
    return this.cache.read(site, 'list', query, () => this.engine.search(site, query));
  }

  @Get('properties/:slug')
  @Public()
  async detail(
    @Param(new ZodPipe(propertyDetailParamsSchema)) params: { slug: string },
    @CurrentSite() site: Site,
  ) {
    const detail = await this.cache.read(site, 'detail', params.slug, async () => {
      const found = await this.engine.detail(site, params.slug);
      if (!found) return found;
      const card = await this.contacts.cardOf(site, found.listing.agent.id);
      // The listing's event names the agent in Arabic only when listings knew it (the seed's
      // roster); otherwise the agent's own Arabic name from identity, if it gave one.
      const agent =
        found.listing.agent.nameAr || !card.nameAr
          ? found.listing.agent
          : { ...found.listing.agent, nameAr: card.nameAr };
      return { ...found, listing: { ...found.listing, agent }, agentContact: card.contact };
    });
    if (detail.json === 'null') throw new AppException('NO_DATA_FOUND');
    return detail;
  }

  @Get('map/clusters')
  @Public()
  clusters(@Query(new ZodPipe(mapClustersQuerySchema)) query: MapClustersQuery, @CurrentSite() site: Site) {
    sameSite(query, site);
    return this.cache.read(site, 'clusters', query, () => this.engine.clusters(site, query));
  }

  @Get('map/pins')
  @Public()
  pins(@Query(new ZodPipe(mapPinsQuerySchema)) query: MapPinsQuery, @CurrentSite() site: Site) {
    sameSite(query, site);
    return this.cache.read(site, 'pins', query, () => this.engine.pins(site, query));
  }

  /** The sitemaps' property pages (gateway): cached per site generation, so an event shows at once. */
  @Get('sitemap/listings')
  @Public()
  sitemap(@Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery, @CurrentSite() site: Site) {
    return this.cache.read(site, 'sitemap', query, () => this.engine.sitemap(site, query.page, query.limit));
  }

  @Get('locations/autocomplete')
  @Public()
  autocomplete(
    @Query(new ZodPipe(locationAutocompleteQuerySchema)) query: LocationAutocompleteQuery,
    @CurrentSite() site: Site,
  ) {
    return this.cache.read(site, 'autocomplete', query, () => this.engine.autocomplete(site, query));
  }
}
