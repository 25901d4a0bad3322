import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListingSearchQuery, Page, PropertySummary, Site } from '@manzil/contracts';
import { ListingRead, toListingRead, toSummary } from './listing-read.entity.js';
import type { SearchEngine } from './search-engine.js';

/** The default engine: the `listing_read` table of the search database. */
@Injectable()
export class PostgresSearchEngine implements SearchEngine {
  constructor(private readonly dataSource: DataSource) {}

  async upsert(listing: PropertySummary, eventAt: Date, tx: EntityManager): Promise<void> {
    const row = toListingRead(listing, eventAt);
    const columns = tx.connection.getMetadata(ListingRead).columns;
    const names = columns.map((column) => `"${column.databaseName}"`);
    const updates = names.filter((name) => name !== '"id"').map((name) => `${name} = EXCLUDED.${name}`);
    // Events of one listing arrive in order, but a late replay of an older one must not win.
    await tx.query(
      `INSERT INTO "listing_read" (${names.join(', ')})
       VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')})
       ON CONFLICT ("id") DO UPDATE SET ${updates.join(', ')}
       WHERE "listing_read"."event_at" <= EXCLUDED."event_at"`,
      columns.map((column) => column.getEntityValue(row, true)),
    );
  }

  async remove(site: Site, id: string, tx: EntityManager): Promise<void> {
    await tx.delete(ListingRead, { site, id });
  }

  async search(site: Site, query: ListingSearchQuery): Promise<Page<PropertySummary>> {
    const builder = this.dataSource.manager
      .createQueryBuilder(ListingRead, 'listing')
      .where('listing.site = :site', { site })
      .orderBy('listing.approved_at', 'DESC')
      .addOrderBy('listing.id', 'DESC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    if (query.propertyType) builder.andWhere('listing.property_type = :type', { type: query.propertyType });
    if (query.q) {
      builder.andWhere(
        `listing.search_vector @@ (websearch_to_tsquery('english', :q) || websearch_to_tsquery('arabic', :q))`,
        { q: query.q },
      );
    }
    const [rows, total] = await builder.getManyAndCount();
    return { items: rows.map(toSummary), page: query.page, limit: query.limit, total };
  }
}
