import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type {
  Page,
  Site,
  WishlistContains,
  WishlistContainsQuery,
  WishlistEntry,
  WishlistItemRequest,
  WishlistQuery,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { Property } from '../properties/property.entity.js';
import { toSummary } from '../properties/property-summary.js';

interface ItemRow {
  item_kind: WishlistEntry['kind'];
  item_id: string;
  created_at: Date;
  total: string;
}

/** A public property of the site: accepted once and on the market. */
const PUBLIC_PROPERTY = `p."site" = $1 AND p."approved_at" IS NOT NULL AND p."state" = 'active'`;

/**
 * The customer's saved items (spec §2 /myWishlist, saved properties tab; §6 only customers add).
 * Saving is idempotent (a second save keeps the first date) and so is removing.
 */
@Injectable()
export class WishlistService {
  constructor(private readonly dataSource: DataSource) {}

  /** Only customers (role user) keep a wishlist: agents see the icon, the server still says no. */
  private customerOnly(user: AuthUser): void {
    if (user.role !== 'user') throw new AppException('WISHLIST_CUSTOMERS_ONLY', 403);
  }

  async save(site: Site, user: AuthUser, item: WishlistItemRequest): Promise<WishlistEntry> {
    this.customerOnly(user);
    // Projects and units are saved once their listings exist here; until then only properties.
    if (item.kind !== 'property') throw new AppException('WISHLIST_KIND_UNAVAILABLE', 422);
    const property = await this.dataSource
      .createQueryBuilder(Property, 'p')
      .where(PUBLIC_PROPERTY.replace('$1', ':site'), { site })
      .andWhere('p.id = :id', { id: item.id })
      .getOne();
    if (!property) throw new AppException('NOT_FOUND');
    const rows = (await this.dataSource.query(
      `INSERT INTO "wishlist_items" ("account_id", "site", "item_kind", "item_id") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("account_id", "site", "item_kind", "item_id") DO UPDATE SET "item_kind" = EXCLUDED."item_kind"
       RETURNING "created_at"`,
      [user.id, site, item.kind, item.id],
    )) as { created_at: Date }[];
    return {
      kind: item.kind,
      id: item.id,
      savedAt: new Date(rows[0].created_at).toISOString(),
      property: toSummary(property),
    };
  }

  async remove(site: Site, user: AuthUser, item: WishlistItemRequest): Promise<{ removed: boolean }> {
    this.customerOnly(user);
    const result = (await this.dataSource.query(
      `DELETE FROM "wishlist_items" WHERE "account_id" = $1 AND "site" = $2 AND "item_kind" = $3 AND "item_id" = $4 RETURNING 1`,
      [user.id, site, item.kind, item.id],
    )) as unknown[];
    return { removed: result.length > 0 };
  }

  /** Saved items, last saved first; a property no longer public stays listed with `property: null`. */
  async list(site: Site, user: AuthUser, query: WishlistQuery): Promise<Page<WishlistEntry>> {
    this.customerOnly(user);
    const rows = (await this.dataSource.query(
      `SELECT "item_kind", "item_id", "created_at", count(*) OVER () AS "total"
       FROM "wishlist_items"
       WHERE "account_id" = $1 AND "site" = $2 AND ($3::text IS NULL OR "item_kind" = $3)
       ORDER BY "created_at" DESC, "item_id" DESC
       OFFSET $4 LIMIT $5`,
      [user.id, site, query.kind ?? null, (query.page - 1) * query.limit, query.limit],
    )) as ItemRow[];
    const propertyIds = rows.filter((row) => row.item_kind === 'property').map((row) => row.item_id);
    const properties = propertyIds.length
      ? await this.dataSource.getRepository(Property).find({ where: { id: In(propertyIds), site } })
      : [];
    const byId = new Map(
      properties.filter((p) => p.approvedAt && p.state === 'active').map((p) => [p.id, toSummary(p)]),
    );
    return {
      items: rows.map((row) => ({
        kind: row.item_kind,
        id: row.item_id,
        savedAt: new Date(row.created_at).toISOString(),
        property: row.item_kind === 'property' ? (byId.get(row.item_id) ?? null) : null,
      })),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  /** Which of the given ids the caller saved: the hearts of a page of cards in one call. */
  async contains(site: Site, user: AuthUser, query: WishlistContainsQuery): Promise<WishlistContains> {
    if (user.role !== 'user') return { saved: [] };
    const rows = (await this.dataSource.query(
      `SELECT "item_id" FROM "wishlist_items"
       WHERE "account_id" = $1 AND "site" = $2 AND "item_kind" = $3 AND "item_id" = ANY($4::uuid[])`,
      [user.id, site, query.kind, query.ids],
    )) as { item_id: string }[];
    return { saved: rows.map((row) => row.item_id) };
  }
}
