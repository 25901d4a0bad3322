import type { EntityManager } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import {
  SITE_FACTS,
  TOPICS,
  type OwnedProject,
  type PublicProject,
  type Site,
  type Unit,
} from '@manzil/contracts';
import { currentContext } from '@manzil/nest-kit/base';
import type { z } from 'zod';

/** A `projects` row with its city and community names (see PROJECT_SELECT). */
export interface ProjectRow {
  id: string;
  site: Site;
  slug: string;
  company_id: string;
  status: 'draft' | 'published';
  title_en: string;
  title_ar: string;
  description_en: string;
  description_ar: string;
  developer: string;
  licence_number: string | null;
  city_id: string;
  city_en: string;
  city_ar: string;
  community_id: string | null;
  community_en: string | null;
  community_ar: string | null;
  total_area: string;
  total_units: number;
  available_units: number;
  delivery_date: string;
  starting_price: string;
  payment_booking: number;
  payment_construction: number;
  payment_handover: number;
  completion: 'offPlan' | 'ready';
  brochure_key: string | null;
  published_at: Date | null;
}

export interface UnitRow {
  id: string;
  project_id: string;
  layout: Unit['layout'];
  bedrooms: number;
  area: string;
  price: string;
  floor_plan_url: string | null;
  floor_plan_key: string | null;
  floor_plan_type: string | null;
  reference: string | null;
  status: Unit['status'];
}

/** A project with its place names, for every read (`p` is the project). */
export const PROJECT_SELECT = `
  SELECT p.*, to_char(p."delivery_date", 'YYYY-MM-DD') AS "delivery_date",
         c."name_en" AS "city_en", c."name_ar" AS "city_ar",
         m."name_en" AS "community_en", m."name_ar" AS "community_ar"
  FROM "projects" p
  JOIN "locations" c ON c."id" = p."city_id"
  LEFT JOIN "locations" m ON m."id" = p."community_id"`;

/** Where the public (and the search service's pages) read a project's brochure, through the gateway. */
export const brochureUrl = (projectId: string) => `/api/listings/v1/projects/${projectId}/brochure`;
export const brochureKey = (projectId: string) => `listings/brochures/${projectId}`;

export const toUnit = (row: UnitRow): Unit => ({
  id: row.id,
  projectId: row.project_id,
  layout: row.layout,
  bedrooms: row.bedrooms,
  area: Number(row.area),
  price: Number(row.price),
  floorPlanUrl: row.floor_plan_url,
  reference: row.reference,
  status: row.status,
});

export function toPublicProject(row: ProjectRow): PublicProject {
  const facts = SITE_FACTS[row.site];
  return {
    id: row.id,
    site: row.site,
    slug: row.slug,
    title: { en: row.title_en, ar: row.title_ar },
    description: { en: row.description_en, ar: row.description_ar },
    developer: row.developer,
    licenceNumber: row.licence_number,
    city: { id: row.city_id, name: { en: row.city_en, ar: row.city_ar } },
    community: row.community_id
      ? { id: row.community_id, name: { en: row.community_en ?? '', ar: row.community_ar ?? '' } }
      : null,
    totalArea: Number(row.total_area),
    areaUnit: facts.areaUnit as PublicProject['areaUnit'],
    totalUnits: row.total_units,
    availableUnits: row.available_units,
    deliveryDate: row.delivery_date,
    startingPrice: Number(row.starting_price),
    currency: facts.currency as PublicProject['currency'],
    paymentPlan: {
      booking: row.payment_booking,
      construction: row.payment_construction,
      handover: row.payment_handover,
    },
    completion: row.completion,
    brochureUrl: row.brochure_key ? brochureUrl(row.id) : null,
    companyId: row.company_id,
    publishedAt: (row.published_at ?? new Date(0)).toISOString(),
  };
}

export function toOwnedProject(row: ProjectRow, units: UnitRow[]): OwnedProject {
  return {
    ...toPublicProject(row),
    status: row.status,
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    units: units.map(toUnit),
  };
}

export async function projectRow(
  manager: EntityManager,
  where: string,
  params: unknown[],
): Promise<ProjectRow | undefined> {
  const rows = (await manager.query(`${PROJECT_SELECT} WHERE ${where}`, params)) as ProjectRow[];
  return rows[0];
}

export async function unitsOf(manager: EntityManager, projectId: string): Promise<UnitRow[]> {
  return (await manager.query(
    `SELECT * FROM "project_units" WHERE "project_id" = $1 ORDER BY "price", "id"`,
    [projectId],
  )) as UnitRow[];
}

/** Writes an event of a project (or one of its units) to the outbox, in the caller's transaction. */
export async function publishProjectEvent<S extends z.ZodType>(
  manager: EntityManager,
  site: Site,
  projectId: string,
  definition: { type: string; version: number; payload: S },
  payload: z.infer<S>,
): Promise<void> {
  await enqueue(
    manager,
    TOPICS.listingsProject,
    newEvent(definition, site, projectId, definition.payload.parse(payload), currentContext()?.requestId),
  );
}
