import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type {
  Page,
  PropertySummary,
  PublicProject,
  Site,
  Unit,
  WishlistContains,
  WishlistContainsQuery,
  WishlistEntry,
  WishlistItemRequest,
  WishlistQuery,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import {
  PROJECT_SELECT,
  toPublicProject,
  toUnit,
  type ProjectRow,
  type UnitRow,
} from '../projects/project-rows.js';
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

/** What a saved item's card shows while it is public (see `wishlistEntrySchema`). */
interface Cards {
  property: PropertySummary | null;
  project: PublicProject | null;
  unit: Unit | null;
}

/**
 * The customer's saved items (spec §2 /myWishlist, saved properties tab; §6 only customers add):
 * properties, projects and units. Only what is public on the caller's site can be saved (a
 * property accepted and on the market, a published project, a unit of a published project);
 * anything else is 404, as it is to every other reader. Saving is idempotent (a second save
 * keeps the first date) and so is removing. An item that stops being public stays in the list
 * without its card, so the customer sees it went rather than finding it silently gone.
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
    const cards = await this.publicCards(site, item);
    if (!cards) throw new AppException('NOT_FOUND');
    const rows = (await this.dataSource.query(
      `INSERT INTO "wishlist_items" ("account_id", "site", "item_kind", "item_id") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("account_id", "site", "item_kind", "item_id") DO UPDATE SET "item_kind" = EXCLUDED."item_kind"
       RETURNING "created_at"`,
      [user.id, site, item.kind, item.id],
    )) as { created_at: Date }[];
    return { kind: item.kind, id: item.id, savedAt: new Date(rows[0].created_at).toISOString(), ...cards };
  }

  /** The cards of one item if it is public on the site, else undefined. */
  private async publicCards(site: Site, item: WishlistItemRequest): Promise<Cards | undefined> {
    const none: Cards = { property: null, project: null, unit: null };
    if (item.kind === 'property') {
      const property = await this.dataSource
        .createQueryBuilder(Property, 'p')
        .where(PUBLIC_PROPERTY.replace('$1', ':site'), { site })
        .andWhere('p.id = :id', { id: item.id })
        .getOne();
      return property ? { ...none, property: toSummary(property) } : undefined;
    }
    const units = item.kind === 'unit' ? await this.publicUnits(site, [item.id]) : [];
    if (item.kind === 'unit' && !units.length) return undefined;
    const projects = await this.publicProjects(site, [item.kind === 'unit' ? units[0].project_id : item.id]);
    if (!projects.length) return undefined;
    return { ...none, project: toPublicProject(projects[0]), unit: units.length ? toUnit(units[0]) : null };
  }

  /** Published projects of the site among `ids`. */
  private async publicProjects(site: Site, ids: string[]): Promise<ProjectRow[]> {
    if (!ids.length) return [];
    return (await this.dataSource.query(
      `${PROJECT_SELECT} WHERE p."id" = ANY($1::uuid[]) AND p."site" = $2 AND p."status" = 'published'`,
      [ids, site],
    )) as ProjectRow[];
  }

  /** Units among `ids` whose project is published on the site. */
  private async publicUnits(site: Site, ids: string[]): Promise<UnitRow[]> {
    if (!ids.length) return [];
    return (await this.dataSource.query(
      `SELECT u.* FROM "project_units" u JOIN "projects" p ON p."id" = u."project_id"
       WHERE u."id" = ANY($1::uuid[]) AND u."site" = $2 AND p."site" = $2 AND p."status" = 'published'`,
      [ids, site],
    )) as UnitRow[];
  }

  async remove(site: Site, user: AuthUser, item: WishlistItemRequest): Promise<{ removed: boolean }> {
    this.customerOnly(user);
    // TypeORM answers a DELETE with [rows, affected count], not the rows alone.
    const [, affected] = (await this.dataSource.query(
      `DELETE FROM "wishlist_items" WHERE "account_id" = $1 AND "site" = $2 AND "item_kind" = $3 AND "item_id" = $4`,
      [user.id, site, item.kind, item.id],
    )) as [unknown[], number];
    return { removed: affected > 0 };
  }

  /**
   * Saved items, last saved first, all kinds or one (`kind`); an item no longer public stays
   * listed with null cards (see the class).
   */
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
    const idsOf = (kind: WishlistEntry['kind']) =>
      rows.filter((row) => row.item_kind === kind).map((row) => row.item_id);
    const propertyIds = idsOf('property');
    const properties = propertyIds.length
      ? await this.dataSource.getRepository(Property).find({ where: { id: In(propertyIds), site } })
      : [];
    const propertyById = new Map(
      properties.filter((p) => p.approvedAt && p.state === 'active').map((p) => [p.id, toSummary(p)]),
    );
    const units = await this.publicUnits(site, idsOf('unit'));
    const unitById = new Map(units.map((unit) => [unit.id, unit]));
    const projects = await this.publicProjects(site, [
      ...new Set([...idsOf('project'), ...units.map((unit) => unit.project_id)]),
    ]);
    const projectById = new Map(projects.map((row) => [row.id, toPublicProject(row)]));
    const cardsOf = (row: ItemRow): Cards => {
      const none: Cards = { property: null, project: null, unit: null };
      if (row.item_kind === 'property') return { ...none, property: propertyById.get(row.item_id) ?? null };
      if (row.item_kind === 'project') return { ...none, project: projectById.get(row.item_id) ?? null };
      const unit = unitById.get(row.item_id);
      const project = unit && projectById.get(unit.project_id);
      return unit && project ? { ...none, project, unit: toUnit(unit) } : none;
    };
    return {
      items: rows.map((row) => ({
        kind: row.item_kind,
        id: row.item_id,
        savedAt: new Date(row.created_at).toISOString(),
        ...cardsOf(row),
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
