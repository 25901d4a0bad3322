import { z } from 'zod';
import {
  ownedProjectListQuerySchema,
  ownedProjectSchema,
  pageSchema,
  projectCreateSchema,
  projectDetailSchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectSlugParamsSchema,
  projectUpdateSchema,
  publicProjectSchema,
  unitCreateSchema,
  unitParamsSchema,
  unitSchema,
  unitUpdateSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

const writers = ['company', 'admin'];

/** The OpenAPI description of the projects routes (beside the controller's schemas). */
export const PROJECT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/projects',
    summary: 'Published projects of the site, newest first; filters cityId and completion (offPlan, ready)',
    query: projectListQuerySchema,
    results: pageSchema(publicProjectSchema),
  },
  {
    method: 'get',
    path: '/v1/projects/:slug',
    summary: 'A published project of the site with its units, by slug',
    params: projectSlugParamsSchema,
    results: projectDetailSchema,
  },
  {
    method: 'get',
    path: '/v1/projects/:id/brochure',
    summary: "A published project's brochure PDF (the file, not the envelope)",
    params: projectIdParamsSchema,
    results: z.unknown(),
    answers: 'file',
  },
  {
    method: 'post',
    path: '/v1/projects',
    summary:
      'Creates a draft project: a company for itself, an admin for the company it names (companyId); the payment plan adds up to 100',
    body: projectCreateSchema,
    results: ownedProjectSchema,
    roles: writers,
  },
  {
    method: 'patch',
    path: '/v1/projects/:id',
    summary: 'Edits an own project (an admin: any of the site); project.updated when it is published',
    params: projectIdParamsSchema,
    body: projectUpdateSchema,
    results: ownedProjectSchema,
    roles: writers,
  },
  {
    method: 'post',
    path: '/v1/projects/:id/publish',
    summary: 'Publishes a draft project: project.published with its units (again: no change)',
    params: projectIdParamsSchema,
    results: ownedProjectSchema,
    roles: writers,
  },
  {
    method: 'post',
    path: '/v1/projects/:id/unpublish',
    summary:
      'Admins of the site: a published project goes back to draft and project.unpublished tells search to drop it (a draft: no change)',
    params: projectIdParamsSchema,
    results: ownedProjectSchema,
    roles: ['admin'],
  },
  {
    method: 'post',
    path: '/v1/projects/:id/units',
    summary: 'Adds an available unit to an own project; unit.added when the project is published',
    params: projectIdParamsSchema,
    body: unitCreateSchema,
    results: unitSchema,
    roles: writers,
  },
  {
    method: 'patch',
    path: '/v1/projects/:id/units/:unitId',
    summary:
      "Edits a unit's fields (unit.updated) and/or its status available/reserved/sold (unit.status-changed, the project's available count follows)",
    params: unitParamsSchema,
    body: unitUpdateSchema,
    results: unitSchema,
    roles: writers,
  },
  {
    method: 'post',
    path: '/v1/projects/:id/brochure',
    summary: 'Uploads the brochure (multipart/form-data, field `file`: a PDF by content, under 10 MB)',
    params: projectIdParamsSchema,
    results: ownedProjectSchema,
    roles: writers,
  },
  {
    method: 'post',
    path: '/v1/projects/:id/units/:unitId/floor-plan',
    summary:
      "Uploads a unit's floor plan (multipart/form-data, field `file`: a jpeg or PDF by content, under 2 MB, as a listing's documents); unit.updated when the project is published",
    params: unitParamsSchema,
    results: unitSchema,
    roles: writers,
  },
  {
    method: 'get',
    path: '/v1/projects/:id/units/:unitId/floor-plan',
    summary: 'An uploaded floor plan of a unit of a published project (the file, not the envelope)',
    params: unitParamsSchema,
    results: z.unknown(),
    answers: 'file',
  },
  {
    method: 'get',
    path: '/v1/owner/projects',
    summary:
      "The caller's projects (a company: its own; an admin: the site's), last changed first, with units; filters status, cityId, completion",
    query: ownedProjectListQuerySchema,
    results: pageSchema(ownedProjectSchema),
    roles: writers,
  },
  {
    method: 'get',
    path: '/v1/owner/projects/:id',
    summary: 'An own project (draft or published) with its units',
    params: projectIdParamsSchema,
    results: ownedProjectSchema,
    roles: writers,
  },
];
