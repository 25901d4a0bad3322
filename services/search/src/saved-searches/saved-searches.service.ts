import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  SAVED_SEARCH_LIMIT,
  searchFiltersSchema,
  type CreateSavedSearchRequest,
  type Page,
  type SavedSearch,
  type SavedSearchesQuery,
  type Site,
  type UpdateSavedSearchRequest,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';

interface SavedSearchRow {
  id: string;
  name: string;
  frequency: SavedSearch['frequency'];
  link: string;
  filters: unknown;
  created_at: Date;
  last_digest_at: Date | null;
}

const COLUMNS = `"id", "name", "frequency", "link", "filters", "created_at", "last_digest_at"`;

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    frequency: row.frequency,
    link: row.link,
    filters: searchFiltersSchema.parse(row.filters),
    createdAt: new Date(row.created_at).toISOString(),
    lastDigestAt: row.last_digest_at ? new Date(row.last_digest_at).toISOString() : null,
  };
}

/**
 * A customer's saved searches on one site: only customers (role user) keep them, each sees and
 * changes only their own rows of the request's site (another's or another site's id is 404),
 * at most SAVED_SEARCH_LIMIT each.
 */
@Injectable()
export class SavedSearchesService {
  constructor(private readonly dataSource: DataSource) {}

  private customerOnly(user: AuthUser): void {
    if (user.role !== 'user') throw new AppException('SAVED_SEARCH_CUSTOMERS_ONLY', 403);
  }

  async create(site: Site, user: AuthUser, body: CreateSavedSearchRequest): Promise<SavedSearch> {
    this.customerOnly(user);
    const { site: _site, ...filters } = body.filters;
    return this.dataSource.transaction(async (manager) => {
      // Two saves at once must not both pass the cap: one customer's saves take turns.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`saved-search:${user.id}`]);
      const [{ count }] = (await manager.query(
        `SELECT count(*)::int AS "count" FROM "saved_search" WHERE "customer_id" = $1 AND "site" = $2`,
        [user.id, site],
      )) as { count: number }[];
      if (count >= SAVED_SEARCH_LIMIT) throw new AppException('SAVED_SEARCH_LIMIT_REACHED', 422);
      const [row] = (await manager.query(
        `INSERT INTO "saved_search" ("customer_id", "site", "name", "link", "filters", "frequency")
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [user.id, site, body.name, body.link, JSON.stringify(filters), body.frequency],
      )) as SavedSearchRow[];
      return toSavedSearch(row);
    });
  }

  /** The customer's saved searches, newest first. */
  async list(site: Site, user: AuthUser, query: SavedSearchesQuery): Promise<Page<SavedSearch>> {
    this.customerOnly(user);
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS "total" FROM "saved_search"
       WHERE "customer_id" = $1 AND "site" = $2
       ORDER BY "created_at" DESC, "id" DESC OFFSET $3 LIMIT $4`,
      [user.id, site, (query.page - 1) * query.limit, query.limit],
    )) as (SavedSearchRow & { total: string })[];
    return {
      items: rows.map(toSavedSearch),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  async update(site: Site, user: AuthUser, id: string, body: UpdateSavedSearchRequest): Promise<SavedSearch> {
    this.customerOnly(user);
    // TypeORM answers an UPDATE or DELETE … RETURNING as [rows, count].
    const [rows] = (await this.dataSource.query(
      `UPDATE "saved_search" SET "name" = COALESCE($4, "name"), "frequency" = COALESCE($5, "frequency")
       WHERE "id" = $1 AND "customer_id" = $2 AND "site" = $3 RETURNING ${COLUMNS}`,
      [id, user.id, site, body.name ?? null, body.frequency ?? null],
    )) as [SavedSearchRow[], number];
    if (!rows[0]) throw new AppException('NOT_FOUND', 404);
    return toSavedSearch(rows[0]);
  }

  async remove(site: Site, user: AuthUser, id: string): Promise<{ removed: boolean }> {
    this.customerOnly(user);
    const [rows] = (await this.dataSource.query(
      `DELETE FROM "saved_search" WHERE "id" = $1 AND "customer_id" = $2 AND "site" = $3 RETURNING 1`,
      [id, user.id, site],
    )) as [unknown[], number];
    if (!rows.length) throw new AppException('NOT_FOUND', 404);
    return { removed: true };
  }
}
