import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  fieldMessage,
  PROJECTS_API,
  projectUnpublishedV1,
  projectUpdatedV1,
  unitAddedV1,
  unitUpdatedV1,
  type OwnedProject,
  type OwnedProjectListQuery,
  type Page,
  type ProjectCreateRequest,
  type ProjectDetail,
  type ProjectListQuery,
  type ProjectUpdateRequest,
  type PublicProject,
  type Site,
  type Unit,
  type UnitCreateRequest,
  type UnitUpdateRequest,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { OBJECT_STORAGE, type ObjectStorage } from '@manzil/storage';
import { documentTypeOf } from '../documents/documents.service.js';
import { slugFor } from '../drafts/draft-fields.js';
import { LocationsService } from '../locations/locations.service.js';
import type { UploadedPart } from '../media/multipart.js';
import {
  brochureKey,
  projectRow,
  publishProjectEvent,
  toOwnedProject,
  toPublicProject,
  toUnit,
  unitsOf,
  type ProjectRow,
  type UnitRow,
} from './project-rows.js';
import { publishDraft } from './publish-project.js';
import { changeUnitStatus } from './unit-status.js';

const floorPlanKey = (unitId: string) => `listings/floor-plans/${unitId}`;

const invalid = (field: string, key: string) =>
  new AppException('VALIDATION_FAILED', 422, [
    { field, message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);

/** Columns a project request may set, by field. */
const COLUMNS: [keyof ProjectUpdateRequest, (value: never) => [string, unknown][]][] = [
  [
    'title',
    (v: { en: string; ar: string }) => [
      ['title_en', v.en],
      ['title_ar', v.ar],
    ],
  ],
  [
    'description',
    (v: { en?: string; ar?: string }) => [
      ['description_en', v.en ?? ''],
      ['description_ar', v.ar ?? ''],
    ],
  ],
  ['developer', (v: string) => [['developer', v]]],
  ['licenceNumber', (v: string | undefined) => [['licence_number', v ?? null]]],
  ['cityId', (v: string) => [['city_id', v]]],
  ['communityId', (v: string | undefined) => [['community_id', v ?? null]]],
  ['totalArea', (v: number) => [['total_area', v]]],
  ['totalUnits', (v: number) => [['total_units', v]]],
  ['availableUnits', (v: number) => [['available_units', v]]],
  ['deliveryDate', (v: string) => [['delivery_date', v]]],
  ['startingPrice', (v: number) => [['starting_price', v]]],
  [
    'paymentPlan',
    (v: { booking: number; construction: number; handover: number }) => [
      ['payment_booking', v.booking],
      ['payment_construction', v.construction],
      ['payment_handover', v.handover],
    ],
  ],
  ['completion', (v: string) => [['completion', v]]],
];

/**
 * Projects and units (spec §3 Project): a company manages its own, an admin any of the site.
 * Every change of a published project is announced through the outbox in its transaction
 * (`project.published`, `project.updated`, `unit.*`), so search's read model follows; a draft
 * announces nothing. Another company's project, or another site's, does not exist (404).
 */
@Injectable()
export class ProjectsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: LocationsService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async create(user: AuthUser, site: Site, body: ProjectCreateRequest): Promise<OwnedProject> {
    const companyId = user.role === 'company' ? user.id : body.companyId;
    if (!companyId) throw invalid('companyId', 'company.required');
    return this.dataSource.transaction(async (manager) => {
      await this.checkPlace(manager, site, body.cityId, body.communityId);
      const id = randomUUID();
      await manager.query(
        `INSERT INTO "projects" ("id", "site", "slug", "company_id", "created_by", "title_en", "title_ar",
           "description_en", "description_ar", "developer", "licence_number", "city_id", "community_id",
           "total_area", "total_units", "available_units", "delivery_date", "starting_price",
           "payment_booking", "payment_construction", "payment_handover", "completion")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22)`,
        [
          id,
          site,
          slugFor(body.title.en, id).replace(/^property-/, 'project-'),
          companyId,
          user.id,
          body.title.en,
          body.title.ar,
          body.description.en ?? '',
          body.description.ar ?? '',
          body.developer,
          body.licenceNumber ?? null,
          body.cityId,
          body.communityId ?? null,
          body.totalArea,
          body.totalUnits,
          body.availableUnits,
          body.deliveryDate,
          body.startingPrice,
          body.paymentPlan.booking,
          body.paymentPlan.construction,
          body.paymentPlan.handover,
          body.completion,
        ],
      );
      return this.owned(manager, site, id);
    });
  }

  async update(user: AuthUser, site: Site, id: string, body: ProjectUpdateRequest): Promise<OwnedProject> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockOwned(manager, user, site, id);
      const cityId = body.cityId ?? current.city_id;
      // Another city without a community named: the old community (of the old city) goes.
      const movedCity = body.cityId !== undefined && body.cityId !== current.city_id;
      const communityId = body.communityId ?? (movedCity ? undefined : (current.community_id ?? undefined));
      if (body.cityId !== undefined || body.communityId !== undefined)
        await this.checkPlace(manager, site, cityId, communityId);
      const total = body.totalUnits ?? current.total_units;
      if ((body.availableUnits ?? current.available_units) > total)
        throw invalid('availableUnits', 'project.availableUnits');
      const sets: [string, unknown][] = [];
      for (const [field, columns] of COLUMNS)
        if (field in body && body[field] !== undefined) sets.push(...columns(body[field] as never));
      if (movedCity && body.communityId === undefined) sets.push(['community_id', null]);
      if (sets.length) {
        await manager.query(
          `UPDATE "projects" SET ${sets.map(([column], i) => `"${column}" = $${i + 2}`).join(', ')},
             "updated_at" = now() WHERE "id" = $1`,
          [id, ...sets.map(([, value]) => value)],
        );
        await this.announceUpdate(manager, site, id);
      }
      return this.owned(manager, site, id);
    });
  }

  /** A draft becomes public: `project.published` v1 with its units. Publishing again changes nothing. */
  async publish(user: AuthUser, site: Site, id: string): Promise<OwnedProject> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockOwned(manager, user, site, id);
      if (current.status === 'draft') await publishDraft(manager, site, id);
      return this.owned(manager, site, id);
    });
  }

  /**
   * An admin takes a published project off the site: it is its company's draft again (the company
   * may fix and publish it), and `project.unpublished` v1 tells search to drop it. A draft stays as it is.
   */
  async unpublish(user: AuthUser, site: Site, id: string): Promise<OwnedProject> {
    if (user.role !== 'admin') throw new AppException('FORBIDDEN');
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockOwned(manager, user, site, id);
      if (current.status === 'published') {
        await manager.query(
          `UPDATE "projects" SET "status" = 'draft', "published_at" = NULL, "updated_at" = now() WHERE "id" = $1`,
          [id],
        );
        const [{ slug }] = (await manager.query(`SELECT "slug" FROM "projects" WHERE "id" = $1`, [id])) as {
          slug: string;
        }[];
        await publishProjectEvent(manager, site, id, projectUnpublishedV1, {
          id,
          site,
          slug,
          by: user.id,
          at: new Date().toISOString(),
        });
      }
      return this.owned(manager, site, id);
    });
  }

  async addUnit(user: AuthUser, site: Site, projectId: string, body: UnitCreateRequest): Promise<Unit> {
    return this.dataSource.transaction(async (manager) => {
      const project = await this.lockOwned(manager, user, site, projectId);
      const [row] = (await manager.query(
        `INSERT INTO "project_units" ("id", "project_id", "site", "layout", "bedrooms", "area", "price",
           "floor_plan_url", "reference")
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) RETURNING *`,
        [
          randomUUID(),
          projectId,
          site,
          body.layout,
          body.bedrooms,
          body.area,
          body.price,
          body.floorPlanUrl ?? null,
          body.reference ?? null,
        ],
      )) as UnitRow[];
      const unit = toUnit(row);
      if (project.status === 'published')
        await publishProjectEvent(manager, site, projectId, unitAddedV1, {
          ...unit,
          availableUnits: project.available_units,
        });
      return unit;
    });
  }

  /** Edits a unit's fields; a status goes through `changeUnitStatus` (the one way it changes). */
  async updateUnit(
    user: AuthUser,
    site: Site,
    projectId: string,
    unitId: string,
    body: UnitUpdateRequest,
  ): Promise<Unit> {
    return this.dataSource.transaction(async (manager) => {
      const project = await this.lockOwned(manager, user, site, projectId);
      const { status, ...fields } = body;
      const columns: [string, unknown][] = [];
      if (fields.layout !== undefined) columns.push(['layout', fields.layout]);
      if (fields.bedrooms !== undefined) columns.push(['bedrooms', fields.bedrooms]);
      if (fields.area !== undefined) columns.push(['area', fields.area]);
      if (fields.price !== undefined) columns.push(['price', fields.price]);
      if ('floorPlanUrl' in fields) columns.push(['floor_plan_url', fields.floorPlanUrl ?? null]);
      if ('reference' in fields) columns.push(['reference', fields.reference ?? null]);
      const [existing] = (await manager.query(
        `SELECT "id" FROM "project_units" WHERE "id" = $1 AND "project_id" = $2 FOR UPDATE`,
        [unitId, projectId],
      )) as { id: string }[];
      if (!existing) throw new AppException('NOT_FOUND');
      if (columns.length) {
        await manager.query(
          `UPDATE "project_units" SET ${columns.map(([column], i) => `"${column}" = $${i + 2}`).join(', ')},
             "updated_at" = now() WHERE "id" = $1`,
          [unitId, ...columns.map(([, value]) => value)],
        );
      }
      if (status) await changeUnitStatus(manager, site, projectId, unitId, status);
      const [row] = (await manager.query(`SELECT * FROM "project_units" WHERE "id" = $1`, [
        unitId,
      ])) as UnitRow[];
      const unit = toUnit(row);
      if (columns.length && project.status === 'published') {
        const [{ available_units }] = (await manager.query(
          `SELECT "available_units" FROM "projects" WHERE "id" = $1`,
          [projectId],
        )) as { available_units: number }[];
        await publishProjectEvent(manager, site, projectId, unitUpdatedV1, {
          ...unit,
          availableUnits: available_units,
        });
      }
      return unit;
    });
  }

  /** The brochure PDF (by its content, under 10 MB): bytes first, then the column; announced if published. */
  async uploadBrochure(user: AuthUser, site: Site, id: string, file: UploadedPart | undefined) {
    if (!file) throw invalid('brochure', 'file.required');
    if (file.buffer.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalid('brochure', 'brochure.type');
    await this.dataSource.transaction((manager) => this.lockOwned(manager, user, site, id));
    const key = brochureKey(id);
    await this.storage.put(key, file.buffer, 'application/pdf');
    return this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, user, site, id);
      await manager.query(`UPDATE "projects" SET "brochure_key" = $2, "updated_at" = now() WHERE "id" = $1`, [
        id,
        key,
      ]);
      await this.announceUpdate(manager, site, id);
      return this.owned(manager, site, id);
    });
  }

  /**
   * A unit's floor plan as a file (spec: "floor plan"), checked as a listing's documents are: a
   * jpeg or PDF by its content, under 2 MB (the interceptor). The bytes go to the object storage
   * first, then the unit's columns; its `floorPlanUrl` becomes the file's path and `unit.updated`
   * follows when the project is published.
   */
  async uploadFloorPlan(
    user: AuthUser,
    site: Site,
    projectId: string,
    unitId: string,
    file: UploadedPart | undefined,
  ): Promise<Unit> {
    if (!file) throw invalid('floorPlan', 'file.required');
    const contentType = documentTypeOf(file.buffer);
    if (!contentType) throw invalid('floorPlan', 'floorPlan.type');
    await this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, user, site, projectId, false);
      await this.unitOf(manager, projectId, unitId);
    });
    const key = floorPlanKey(unitId);
    await this.storage.put(key, file.buffer, contentType);
    return this.dataSource.transaction(async (manager) => {
      const project = await this.lockOwned(manager, user, site, projectId);
      await this.unitOf(manager, projectId, unitId);
      await manager.query(
        `UPDATE "project_units" SET "floor_plan_key" = $2, "floor_plan_type" = $3, "floor_plan_url" = $4,
           "updated_at" = now() WHERE "id" = $1`,
        [unitId, key, contentType, `/api/listings${PROJECTS_API.floorPlan(projectId, unitId)}`],
      );
      const [row] = (await manager.query(`SELECT * FROM "project_units" WHERE "id" = $1`, [
        unitId,
      ])) as UnitRow[];
      const unit = toUnit(row);
      if (project.status === 'published') {
        const [{ available_units }] = (await manager.query(
          `SELECT "available_units" FROM "projects" WHERE "id" = $1`,
          [projectId],
        )) as { available_units: number }[];
        await publishProjectEvent(manager, site, projectId, unitUpdatedV1, {
          ...unit,
          availableUnits: available_units,
        });
      }
      return unit;
    });
  }

  /** An uploaded floor plan of a unit of a published project, for anyone (it is sales material). */
  async floorPlan(
    site: Site,
    projectId: string,
    unitId: string,
  ): Promise<{ body: Buffer; contentType: string; fileName: string }> {
    const [row] = (await this.dataSource.query(
      `SELECT u."floor_plan_key", u."floor_plan_type", COALESCE(u."reference", u."id"::text) AS "name"
       FROM "project_units" u JOIN "projects" p ON p."id" = u."project_id"
       WHERE u."id" = $1 AND p."id" = $2 AND p."site" = $3 AND p."status" = 'published'`,
      [unitId, projectId, site],
    )) as { floor_plan_key: string | null; floor_plan_type: string | null; name: string }[];
    if (!row?.floor_plan_key || !row.floor_plan_type) throw new AppException('NOT_FOUND');
    const object = await this.storage.get(row.floor_plan_key);
    if (!object) throw new AppException('NOT_FOUND');
    const extension = row.floor_plan_type === 'application/pdf' ? 'pdf' : 'jpg';
    return {
      body: object.body,
      contentType: row.floor_plan_type,
      fileName: `floor-plan-${row.name.replace(/[^\w.-]+/g, '-')}.${extension}`,
    };
  }

  private async unitOf(manager: EntityManager, projectId: string, unitId: string): Promise<void> {
    const [row] = (await manager.query(
      `SELECT "id" FROM "project_units" WHERE "id" = $1 AND "project_id" = $2`,
      [unitId, projectId],
    )) as { id: string }[];
    if (!row) throw new AppException('NOT_FOUND');
  }

  /** A published project's brochure, for anyone. */
  async brochure(site: Site, id: string): Promise<{ body: Buffer; fileName: string }> {
    const row = await projectRow(
      this.dataSource.manager,
      `p."id" = $1 AND p."site" = $2 AND p."status" = 'published'`,
      [id, site],
    );
    if (!row?.brochure_key) throw new AppException('NOT_FOUND');
    const object = await this.storage.get(row.brochure_key);
    if (!object) throw new AppException('NOT_FOUND');
    return { body: object.body, fileName: `${row.slug}.pdf` };
  }

  async listPublic(site: Site, query: ProjectListQuery): Promise<Page<PublicProject>> {
    const rows = (await this.dataSource.query(
      `${PROJECT_LIST} WHERE p."site" = $1 AND p."status" = 'published'
         AND ($2::text IS NULL OR p."city_id" = $2) AND ($3::text IS NULL OR p."completion" = $3)
       ORDER BY p."published_at" DESC, p."id" OFFSET $4 LIMIT $5`,
      [site, query.cityId ?? null, query.completion ?? null, (query.page - 1) * query.limit, query.limit],
    )) as (ProjectRow & { total: string })[];
    return {
      items: rows.map(toPublicProject),
      page: query.page,
      limit: query.limit,
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }

  async detailPublic(site: Site, slug: string): Promise<ProjectDetail> {
    const row = await projectRow(
      this.dataSource.manager,
      `p."site" = $1 AND p."slug" = $2 AND p."status" = 'published'`,
      [site, slug],
    );
    if (!row) throw new AppException('NOT_FOUND');
    const units = await unitsOf(this.dataSource.manager, row.id);
    return { ...toPublicProject(row), units: units.map(toUnit) };
  }

  /** The caller's projects (a company: its own; an admin: the site's), last changed first. */
  async listOwned(user: AuthUser, site: Site, query: OwnedProjectListQuery): Promise<Page<OwnedProject>> {
    const rows = (await this.dataSource.query(
      `${PROJECT_LIST} WHERE p."site" = $1 AND ($2::uuid IS NULL OR p."company_id" = $2)
         AND ($3::text IS NULL OR p."status" = $3) AND ($4::text IS NULL OR p."city_id" = $4)
         AND ($5::text IS NULL OR p."completion" = $5)
       ORDER BY p."updated_at" DESC, p."id" OFFSET $6 LIMIT $7`,
      [
        site,
        user.role === 'admin' ? null : user.id,
        query.status ?? null,
        query.cityId ?? null,
        query.completion ?? null,
        (query.page - 1) * query.limit,
        query.limit,
      ],
    )) as (ProjectRow & { total: string })[];
    const items: OwnedProject[] = [];
    for (const row of rows) items.push(toOwnedProject(row, await unitsOf(this.dataSource.manager, row.id)));
    return { items, page: query.page, limit: query.limit, total: rows.length ? Number(rows[0].total) : 0 };
  }

  async readOwned(user: AuthUser, site: Site, id: string): Promise<OwnedProject> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockOwned(manager, user, site, id, false);
      return this.owned(manager, site, id);
    });
  }

  private async owned(manager: EntityManager, site: Site, id: string): Promise<OwnedProject> {
    const row = await projectRow(manager, `p."id" = $1 AND p."site" = $2`, [id, site]);
    if (!row) throw new AppException('NOT_FOUND');
    return toOwnedProject(row, await unitsOf(manager, id));
  }

  /** The project if the caller may change it (its company, or an admin of the site), locked; else 404. */
  private async lockOwned(
    manager: EntityManager,
    user: AuthUser,
    site: Site,
    id: string,
    lock = true,
  ): Promise<{
    status: string;
    city_id: string;
    community_id: string | null;
    total_units: number;
    available_units: number;
  }> {
    const [row] = (await manager.query(
      `SELECT "status", "city_id", "community_id", "total_units", "available_units" FROM "projects"
       WHERE "id" = $1 AND "site" = $2 AND ($3::uuid IS NULL OR "company_id" = $3) ${lock ? 'FOR UPDATE' : ''}`,
      [id, site, user.role === 'admin' ? null : user.id],
    )) as {
      status: string;
      city_id: string;
      community_id: string | null;
      total_units: number;
      available_units: number;
    }[];
    if (!row) throw new AppException('NOT_FOUND');
    return row;
  }

  private async announceUpdate(manager: EntityManager, site: Site, id: string): Promise<void> {
    const row = (await projectRow(manager, `p."id" = $1`, [id]))!;
    if (row.status === 'published')
      await publishProjectEvent(manager, site, id, projectUpdatedV1, toPublicProject(row));
  }

  /** A city of the site, and a community of that city (the location master data). */
  private async checkPlace(
    manager: EntityManager,
    site: Site,
    cityId: string,
    communityId: string | undefined,
  ): Promise<void> {
    const { problems } = await this.locations.check(manager, site, { cityId, communityId });
    if (problems.length) throw invalid(problems[0], 'location.unknown');
  }
}

const PROJECT_LIST = `
  SELECT p.*, to_char(p."delivery_date", 'YYYY-MM-DD') AS "delivery_date",
         c."name_en" AS "city_en", c."name_ar" AS "city_ar",
         m."name_en" AS "community_en", m."name_ar" AS "community_ar", count(*) OVER () AS "total"
  FROM "projects" p
  JOIN "locations" c ON c."id" = p."city_id"
  LEFT JOIN "locations" m ON m."id" = p."community_id"`;
