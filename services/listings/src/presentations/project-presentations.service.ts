import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  Page,
  PaginationQuery,
  ProjectDetail,
  ProjectPresentation,
  ProjectPresentationRequest,
  Site,
} from '@manzil/contracts';
import type { AuthUser } from '@manzil/nest-kit';
import {
  PROJECT_SELECT,
  toPublicProject,
  toUnit,
  type ProjectRow,
  type UnitRow,
} from '../projects/project-rows.js';
import {
  PresentationStore,
  presentationHead,
  refusedChoice,
  type PresentationRow,
} from './presentation-store.js';

/**
 * Which published projects the caller may put in a proposal (`p` is the project): a company its
 * own; an agent their company's; a freelance agent (no company, so no projects of their own) any
 * published project of the site. Returns the SQL condition and its parameters after `site`.
 */
function proposable(user: AuthUser): { where: string; params: unknown[] } {
  const owner = user.role === 'company' ? user.id : user.companyId;
  return owner
    ? { where: `p."site" = $1 AND p."status" = 'published' AND p."company_id" = $2`, params: [owner] }
    : { where: `p."site" = $1 AND p."status" = 'published'`, params: [] };
}

/**
 * Project proposals (issue 14, `/projects-proposal/[id]`): an agent or a company picks published
 * projects it may propose, optionally some of their available units, and writes a message; anyone
 * with the link sees each project still published with its units still available (of a project
 * whose units were picked, only the picked ones). Stored beside property proposals (kind 'projects').
 */
@Injectable()
export class ProjectPresentationsService {
  private readonly store: PresentationStore<ProjectPresentation>;

  constructor(private readonly dataSource: DataSource) {
    this.store = new PresentationStore(dataSource, 'projects', (site, row) => this.withProjects(site, row));
  }

  /** The projects the caller may propose, each with its available units to pick from. */
  async proposable(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<ProjectDetail>> {
    const { where, params } = proposable(user);
    const offset = params.length + 2;
    const rows = (await this.dataSource.query(
      `SELECT q.*, count(*) OVER () AS "total" FROM (${PROJECT_SELECT} WHERE ${where}) q
       ORDER BY q."published_at" DESC, q."id" DESC OFFSET $${offset} LIMIT $${offset + 1}`,
      [site, ...params, (query.page - 1) * query.limit, query.limit],
    )) as (ProjectRow & { total: string })[];
    const units = await this.availableUnits(rows.map((row) => row.id));
    return {
      items: rows.map((row) => ({
        ...toPublicProject(row),
        units: units.filter((u) => u.project_id === row.id).map(toUnit),
      })),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  async create(
    site: Site,
    user: AuthUser,
    agentName: string | null,
    body: ProjectPresentationRequest,
  ): Promise<ProjectPresentation> {
    const { where, params } = proposable(user);
    const allowed = (await this.dataSource.query(
      `SELECT p."id" FROM "projects" p WHERE ${where} AND p."id" = ANY($${params.length + 2}::uuid[])`,
      [site, ...params, body.projectIds],
    )) as { id: string }[];
    const ids = new Set(allowed.map((row) => row.id));
    if (body.projectIds.some((id) => !ids.has(id)))
      throw refusedChoice('projectIds', 'presentation.projectsRequired');
    // A picked unit must be on sale in one of the (allowed) projects chosen.
    const unitIds = body.unitIds ?? [];
    const pickable = (await this.dataSource.query(
      `SELECT "id" FROM "project_units"
       WHERE "id" = ANY($1::uuid[]) AND "project_id" = ANY($2::uuid[]) AND "status" = 'available'`,
      [unitIds, body.projectIds],
    )) as { id: string }[];
    if (pickable.length !== unitIds.length) throw refusedChoice('unitIds', 'presentation.unitsInvalid');
    return this.store.insert(site, user, agentName, {
      message: body.message,
      projectIds: body.projectIds,
      unitIds,
    });
  }

  mine(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<ProjectPresentation>> {
    return this.store.mine(site, user, query);
  }

  get(site: Site, id: string): Promise<ProjectPresentation> {
    return this.store.get(site, id);
  }

  private availableUnits(projectIds: string[]): Promise<UnitRow[]> {
    return this.dataSource.query(
      `SELECT * FROM "project_units" WHERE "project_id" = ANY($1::uuid[]) AND "status" = 'available'
       ORDER BY "price", "id"`,
      [projectIds],
    ) as Promise<UnitRow[]>;
  }

  private async withProjects(site: Site, row: PresentationRow): Promise<ProjectPresentation> {
    const projects = (await this.dataSource.query(
      `${PROJECT_SELECT} WHERE p."site" = $1 AND p."status" = 'published' AND p."id" = ANY($2::uuid[])`,
      [site, row.project_ids],
    )) as ProjectRow[];
    const units = await this.availableUnits(projects.map((p) => p.id));
    // The projects some of whose units were picked, whatever those units' status is now.
    const pickedIn = new Set(
      (
        (await this.dataSource.query(
          `SELECT DISTINCT "project_id" FROM "project_units" WHERE "id" = ANY($1::uuid[])`,
          [row.unit_ids],
        )) as { project_id: string }[]
      ).map((unit) => unit.project_id),
    );
    const picked = new Set(row.unit_ids);
    const byId = new Map(projects.map((p) => [p.id, p]));
    return {
      ...presentationHead(row),
      kind: 'projects',
      projects: row.project_ids.flatMap((id) => {
        const project = byId.get(id);
        if (!project) return [];
        const unitsPicked = pickedIn.has(id);
        return [
          {
            ...toPublicProject(project),
            units: units.filter((u) => u.project_id === id && (!unitsPicked || picked.has(u.id))).map(toUnit),
            unitsPicked,
          },
        ];
      }),
    };
  }
}
