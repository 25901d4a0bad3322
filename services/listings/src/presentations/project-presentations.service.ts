import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  fieldMessage,
  type Page,
  type PaginationQuery,
  type ProjectPresentation,
  type ProjectPresentationRequest,
  type PublicProject,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import {
  PROJECT_SELECT,
  toPublicProject,
  toUnit,
  type ProjectRow,
  type UnitRow,
} from '../projects/project-rows.js';

interface PresentationRow {
  id: string;
  agent_name: string;
  message: string | null;
  project_ids: string[];
  created_at: Date;
}

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
 * projects it may propose and writes a message; anyone with the link sees each project still
 * published with its units still available. Stored beside property proposals (kind 'projects').
 */
@Injectable()
export class ProjectPresentationsService {
  constructor(private readonly dataSource: DataSource) {}

  async proposable(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<PublicProject>> {
    const { where, params } = proposable(user);
    const offset = params.length + 2;
    const rows = (await this.dataSource.query(
      `SELECT q.*, count(*) OVER () AS "total" FROM (${PROJECT_SELECT} WHERE ${where}) q
       ORDER BY q."published_at" DESC, q."id" DESC OFFSET $${offset} LIMIT $${offset + 1}`,
      [site, ...params, (query.page - 1) * query.limit, query.limit],
    )) as (ProjectRow & { total: string })[];
    return {
      items: rows.map(toPublicProject),
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
      throw new AppException('VALIDATION_FAILED', 422, [
        {
          field: 'projectIds',
          message: fieldMessage('presentation.projectsRequired', currentContext()?.language ?? 'en'),
        },
      ]);
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO "presentations" ("id", "site", "agent_id", "agent_name", "message", "property_ids", "kind", "project_ids")
       VALUES ($1, $2, $3, $4, $5, '{}', 'projects', $6)`,
      [id, site, user.id, agentName ?? '', body.message ?? null, body.projectIds],
    );
    return this.get(site, id);
  }

  async mine(site: Site, user: AuthUser, query: PaginationQuery): Promise<Page<ProjectPresentation>> {
    const rows = (await this.dataSource.query(
      `SELECT *, count(*) OVER () AS "total" FROM "presentations"
       WHERE "site" = $1 AND "agent_id" = $2 AND "kind" = 'projects'
       ORDER BY "created_at" DESC, "id" DESC OFFSET $3 LIMIT $4`,
      [site, user.id, (query.page - 1) * query.limit, query.limit],
    )) as (PresentationRow & { total: string })[];
    return {
      items: await Promise.all(rows.map((row) => this.withProjects(site, row))),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  /** The shared link: 404 for an id that is not a project proposal of this site. */
  async get(site: Site, id: string): Promise<ProjectPresentation> {
    const [row] = (await this.dataSource.query(
      `SELECT * FROM "presentations" WHERE "id" = $1 AND "site" = $2 AND "kind" = 'projects'`,
      [id, site],
    )) as PresentationRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return this.withProjects(site, row);
  }

  private async withProjects(site: Site, row: PresentationRow): Promise<ProjectPresentation> {
    const projects = (await this.dataSource.query(
      `${PROJECT_SELECT} WHERE p."site" = $1 AND p."status" = 'published' AND p."id" = ANY($2::uuid[])`,
      [site, row.project_ids],
    )) as ProjectRow[];
    const units = (await this.dataSource.query(
      `SELECT * FROM "project_units" WHERE "project_id" = ANY($1::uuid[]) AND "status" = 'available'
       ORDER BY "price", "id"`,
      [projects.map((p) => p.id)],
    )) as UnitRow[];
    const byId = new Map(projects.map((p) => [p.id, p]));
    return {
      id: row.id,
      kind: 'projects',
      agentName: row.agent_name,
      message: row.message,
      createdAt: new Date(row.created_at).toISOString(),
      projects: row.project_ids.flatMap((id) => {
        const project = byId.get(id);
        return project
          ? [
              {
                ...toPublicProject(project),
                units: units.filter((u) => u.project_id === id).map(toUnit),
              },
            ]
          : [];
      }),
    };
  }
}
