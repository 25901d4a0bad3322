import { Module } from '@nestjs/common';
import { ListingEventsConsumer } from './listing-events.consumer.js';
import { PostgresSearchEngine } from './postgres-search-engine.js';
import { SEARCH_ENGINE } from './search-engine.js';

@Module({
  providers: [{ provide: SEARCH_ENGINE, useClass: PostgresSearchEngine }, ListingEventsConsumer],
  exports: [SEARCH_ENGINE],
})
export class ReadModelModule {}
