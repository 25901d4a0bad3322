import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  projectDetailSchema,
  type Page,
  type ProjectDetail,
  type ProjectListQuery,
  type PublicProject,
  type Site,
  type Unit,
} from '@manzil/contracts';

/**
 * The read model of projects, in this service's Postgres whatever the listings engine is
 * (a few hundred projects per site need no search cluster): one row per published project,
 * its public version and units in `payload`. Written only by the event handlers.
 */
@Injectable()
export class ProjectReadStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The whole public project (with its units when the event carries them); an older event changes nothing. */
  async upsert(tx: EntityManager, project: PublicProject & { units?: Unit[] }, at: Date): Promise<void> {
    const [current] = (await tx.query(`SELECT "payload" FROM "project_read" WHERE "id" = $1 FOR UPDATE`, [
      project.id,
    ])) as { payload: ProjectDetail }[];
    const detail: ProjectDetail = { ...project, units: project.units ?? current?.payload.units ?? [] };
    await tx.query(
      `INSERT INTO "project_read" ("id", "site", "slug", "city_id", "completion", "published_at", "event_at", "payload")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("id") DO UPDATE SET "slug" = EXCLUDED."slug", "city_id" = EXCLUDED."city_id",
         "completion" = EXCLUDED."completion", "published_at" = EXCLUDED."published_at",
         "event_at" = EXCLUDED."event_at", "payload" = EXCLUDED."payload"
       WHERE "project_read"."event_at" <= EXCLUDED."event_at"`,
      [
        project.id,
        project.site,
        project.slug,
        project.city.id,
        project.completion,
        project.publishedAt,
        at,
        JSON.stringify(projectDetailSchema.parse(detail)),
      ],
    );
  }

  /**
   * Removes a project (unpublished); an event older than the row (a publish that came after it)
   * leaves it. Its units live in the row's payload, so its page goes with it.
   */
  async remove(tx: EntityManager, site: Site, id: string, at: Date): Promise<void> {
    await tx.query(`DELETE FROM "project_read" WHERE "id" = $1 AND "site" = $2 AND "event_at" <= $3`, [
      id,
      site,
      at,
    ]);
  }

  /**
   * Changes a unit of a known project (added, edited or its status) and the project's available
   * count. A unit of a project this read model does not have yet is left to the project's next
   * `project.published` (which carries every unit).
   */
  async changeUnit(
    tx: EntityManager,
    site: Site,
    projectId: string,
    change: (units: Unit[]) => Unit[],
    availableUnits: number,
    at: Date,
  ): Promise<void> {
    const [current] = (await tx.query(
      `SELECT "payload" FROM "project_read" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
      [projectId, site],
    )) as { payload: ProjectDetail }[];
    if (!current) return;
    const payload = { ...current.payload, units: change(current.payload.units), availableUnits };
    await tx.query(
      `UPDATE "project_read" SET "payload" = $2, "event_at" = GREATEST("event_at", $3) WHERE "id" = $1`,
      [projectId, JSON.stringify(payload), at],
    );
  }

  async list(site: Site, query: ProjectListQuery): Promise<Page<PublicProject>> {
    const rows = (await this.dataSource.query(
      `SELECT "payload", count(*) OVER () AS "total" FROM "project_read"
       WHERE "site" = $1 AND ($2::text IS NULL OR "city_id" = $2) AND ($3::text IS NULL OR "completion" = $3)
       ORDER BY "published_at" DESC, "id" OFFSET $4 LIMIT $5`,
      [site, query.cityId ?? null, query.completion ?? null, (query.page - 1) * query.limit, query.limit],
    )) as { payload: ProjectDetail; total: string }[];
    return {
      items: rows.map(({ payload }) => {
        const { units, ...project } = payload;
        void units;
        return project;
      }),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  async detail(site: Site, slug: string): Promise<ProjectDetail | null> {
    const [row] = (await this.dataSource.query(
      `SELECT "payload" FROM "project_read" WHERE "site" = $1 AND "slug" = $2`,
      [site, slug],
    )) as { payload: ProjectDetail }[];
    return row ? row.payload : null;
  }
}
