import { Module } from '@nestjs/common';
import { ListingEventsController } from './listing-events.controller.js';
import { PostgresSearchEngine } from './postgres-search-engine.js';
import { SEARCH_ENGINE } from './search-engine.js';

@Module({
  controllers: [ListingEventsController],
  providers: [{ provide: SEARCH_ENGINE, useClass: PostgresSearchEngine }],
  exports: [SEARCH_ENGINE],
})
export class ReadModelModule {}
