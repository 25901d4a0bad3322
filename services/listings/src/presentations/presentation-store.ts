import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { fieldMessage, type Page, type PaginationQuery, type Site } from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';

/** The two kinds of proposal the `presentations` table holds. */
export type PresentationKind = 'properties' | 'projects';

/** A `presentations` row: a property proposal fills `property_ids`, a project proposal the others. */
export interface PresentationRow {
  id: string;
  agent_name: string;
  message: string | null;
  property_ids: string[];
  project_ids: string[];
  unit_ids: string[];
  created_at: Date;
}

/** What both kinds' responses start with. */
export function presentationHead(row: PresentationRow) {
  return {
    id: row.id,
    agentName: row.agent_name,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A 422 naming the request's field, in the request's language. */
export function refusedChoice(field: string, key: string): AppException {
  return new AppException('VALIDATION_FAILED', 422, [
    { field, message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);
}

/**
 * The storage both proposal kinds share (services check what goes in, then read what comes out
 * through their own `expand`): insert, the creator's page of one kind, the public read by id.
 */
export class PresentationStore<Shown> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly kind: PresentationKind,
    private readonly expand: (site: Site, row: PresentationRow) => Promise<Shown>,
  ) {}

  async insert(
    site: Site,
    user: AuthUser,
    agentName: string | null,
    content: { message?: string; propertyIds?: string[]; projectIds?: string[]; unitIds?: string[] },
  ): Promise<Shown> {
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO "presentations"
         ("id", "site", "agent_id", "agent_name", "message", "kind", "property_ids", "project_ids", "unit_ids")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        site,
        user.id,
        agentName ?? '',
        content.message ?? null,
        this.kind,
        content.propertyIds ?? [],
        content.projectIds ?? [],
        content.unitIds ?? [],
      ],
    );
    return this.get(site, id);
  }

  /** The caller's own proposals of this kind, newest first. */
  async mine(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<Shown>> {
    const rows = (await this.dataSource.query(
      `SELECT *, count(*) OVER () AS "total" FROM "presentations"
       WHERE "site" = $1 AND "agent_id" = $2 AND "kind" = $3
       ORDER BY "created_at" DESC, "id" DESC OFFSET $4 LIMIT $5`,
      [site, user.id, this.kind, (query.page - 1) * query.limit, query.limit],
    )) as (PresentationRow & { total: string })[];
    return {
      items: await Promise.all(rows.map((row) => this.expand(site, row))),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  /** The shared link: 404 for an id that is not a proposal of this kind and site. */
  async get(site: Site, id: string): Promise<Shown> {
    const [row] = (await this.dataSource.query(
      `SELECT * FROM "presentations" WHERE "id" = $1 AND "site" = $2 AND "kind" = $3`,
      [id, site, this.kind],
    )) as PresentationRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return this.expand(site, row);
  }
}
