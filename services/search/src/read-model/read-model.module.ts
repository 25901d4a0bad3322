import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config.js';
import { OpenSearchSearchEngine } from '../engines/opensearch-search-engine.js';
import { PostgresSearchEngine } from '../engines/postgres-search-engine.js';
import { SEARCH_CACHE_NAMESPACE, SearchCache } from '../engines/search-cache.js';
import { SEARCH_ENGINE } from '../engines/search-engine.js';
import { AgentContacts } from '../directory/agent-contacts.js';
import { IdentityEventsController } from './identity-events.controller.js';
import { ListingEventsController } from './listing-events.controller.js';

/** The engine (Postgres unless OPENSEARCH_URL is set), the cache and the event handlers. */
@Module({})
export class ReadModelModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ReadModelModule,
      global: true,
      controllers: [ListingEventsController, IdentityEventsController],
      providers: [
        { provide: SEARCH_CACHE_NAMESPACE, useValue: config.BUS_NAMESPACE },
        SearchCache,
        AgentContacts,
        {
          provide: SEARCH_ENGINE,
          useFactory: (dataSource: DataSource) =>
            config.OPENSEARCH_URL
              ? OpenSearchSearchEngine.connect(config.OPENSEARCH_URL, config.OPENSEARCH_INDEX_PREFIX)
              : new PostgresSearchEngine(dataSource),
          inject: [DataSource],
        },
      ],
      exports: [SEARCH_ENGINE, SearchCache, AgentContacts],
    };
  }
}
