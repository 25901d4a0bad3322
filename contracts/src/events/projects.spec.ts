import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { topicOfEvent } from './event-topics.js';
import {
  projectPublishedV1,
  projectUnpublishedV1,
  projectUpdatedV1,
  unitAddedV1,
  unitStatusChangedV1,
  unitUpdatedV1,
} from './projects.js';
import { fieldMessage } from '../errors.js';
import {
  PROJECTS_API,
  projectCreateSchema,
  safeFloorPlanUrl,
  unitCreateSchema,
  unitUpdateSchema,
} from '../projects.js';

const projectId = randomUUID();
export const publicProjectSample = {
  id: projectId,
  site: 'ae',
  slug: 'marina-vista',
  title: { en: 'Marina Vista', ar: 'مارينا فيستا' },
  description: { en: 'Sea views', ar: 'إطلالات بحرية' },
  developer: 'Emaar',
  licenceNumber: 'RERA-1234',
  city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
  community: { id: 'ae.dubai.dubai-marina', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } },
  totalArea: 25_000,
  areaUnit: 'sqft',
  totalUnits: 120,
  availableUnits: 40,
  deliveryDate: '2028-06-30',
  startingPrice: 1_250_000,
  currency: 'AED',
  paymentPlan: { booking: 10, construction: 60, handover: 30 },
  completion: 'offPlan',
  brochureUrl: null,
  companyId: randomUUID(),
  publishedAt: '2026-11-26T10:00:00.000Z',
} as const;
const unit = {
  id: randomUUID(),
  projectId,
  layout: 'apartment',
  bedrooms: 2,
  area: 1200,
  price: 1_500_000,
  floorPlanUrl: null,
  reference: 'A-1203',
  status: 'available',
} as const;

describe('project and unit events v1', () => {
  it('are published on listings.project, keyed by the project', () => {
    for (const definition of [
      projectPublishedV1,
      projectUpdatedV1,
      projectUnpublishedV1,
      unitAddedV1,
      unitUpdatedV1,
      unitStatusChangedV1,
    ])
      expect(topicOfEvent(definition.type)).toBe('listings.project');
  });

  it('parse the payloads listings publishes', () => {
    expect(projectPublishedV1.payload.parse({ ...publicProjectSample, units: [unit] }).units).toHaveLength(1);
    expect(projectUpdatedV1.payload.parse(publicProjectSample).slug).toBe('marina-vista');
    expect(unitAddedV1.payload.parse({ ...unit, availableUnits: 41 }).availableUnits).toBe(41);
    expect(unitUpdatedV1.payload.parse({ ...unit, price: 1_450_000, availableUnits: 41 }).price).toBe(
      1_450_000,
    );
    expect(
      unitStatusChangedV1.payload.parse({
        id: unit.id,
        projectId,
        from: 'available',
        to: 'reserved',
        availableUnits: 39,
        at: '2026-11-26T10:00:00.000Z',
      }).to,
    ).toBe('reserved');
  });

  it('project.unpublished v1 names the project, its site and slug, who and when', () => {
    const unpublished = {
      id: projectId,
      site: 'sa',
      slug: 'marina-vista',
      by: randomUUID(),
      at: '2026-11-28T10:00:00.000Z',
    };
    expect(projectUnpublishedV1.type).toBe('project.unpublished');
    expect(projectUnpublishedV1.version).toBe(1);
    expect(projectUnpublishedV1.payload.parse(unpublished)).toEqual(unpublished);
    expect(projectUnpublishedV1.payload.safeParse({ ...unpublished, site: 'qa' }).success).toBe(false);
    expect(projectUnpublishedV1.payload.safeParse({ ...unpublished, by: undefined }).success).toBe(false);
  });

  it('refuse what a reader could not show', () => {
    expect(projectUpdatedV1.payload.safeParse({ ...publicProjectSample, completion: 'soon' }).success).toBe(
      false,
    );
    expect(projectUpdatedV1.payload.safeParse({ ...publicProjectSample, title: { en: 'x' } }).success).toBe(
      false,
    );
    expect(unitAddedV1.payload.safeParse({ ...unit }).success).toBe(false);
  });
});

describe('project and unit requests', () => {
  const request = {
    title: { en: 'Marina Vista', ar: 'مارينا فيستا' },
    description: { en: '', ar: '' },
    developer: 'Emaar',
    cityId: 'ae.dubai',
    totalArea: '٢٥٠٠٠',
    totalUnits: '120',
    availableUnits: '40',
    deliveryDate: '2028-06-30',
    startingPrice: '1250000',
    paymentPlan: { booking: '10', construction: '60', handover: '30' },
    completion: 'offPlan',
  };

  it('reads numbers typed in Arabic-Indic digits', () => {
    const parsed = projectCreateSchema.parse(request);
    expect(parsed.totalArea).toBe(25_000);
    expect(parsed.paymentPlan).toEqual({ booking: 10, construction: 60, handover: 30 });
  });

  it('needs a payment plan of 100% and no more available units than units, in both languages', () => {
    const result = projectCreateSchema.safeParse({
      ...request,
      availableUnits: '130',
      paymentPlan: { booking: 10, construction: 60, handover: 20 },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['paymentPlan.handover', 'project.paymentPlanSum'],
        ['availableUnits', 'project.availableUnits'],
      ]),
    );
    expect(fieldMessage('project.paymentPlanSum', 'ar')).toContain('100%');
    expect(fieldMessage('project.paymentPlanSum', 'en')).toBe(
      'Booking, construction and handover must add up to 100%.',
    );
  });

  it('needs both names and the developer', () => {
    const result = projectCreateSchema.safeParse({ ...request, title: { en: 'x', ar: '  ' }, developer: '' });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['project.titleRequired', 'project.developerRequired']),
    );
  });

  it('links a floor plan only when it is an upload of ours or an https link', () => {
    const uploaded = `/api/listings${PROJECTS_API.floorPlan(projectId, projectId)}`;
    expect(safeFloorPlanUrl(uploaded)).toBe(uploaded);
    expect(safeFloorPlanUrl('https://cdn.example.com/plan.pdf')).toBe('https://cdn.example.com/plan.pdf');
    expect(safeFloorPlanUrl('javascript:alert(1)')).toBeNull();
    expect(safeFloorPlanUrl('http://plain.example.com/plan.jpg')).toBeNull();
    expect(safeFloorPlanUrl(null)).toBeNull();
  });

  it('checks a unit and lets a status be changed alone', () => {
    expect(
      unitCreateSchema.parse({ layout: 'studio', bedrooms: '0', area: '450', price: '700000' }).bedrooms,
    ).toBe(0);
    expect(
      unitCreateSchema.safeParse({ layout: 'studio', bedrooms: '0', area: '0', price: '1' }).success,
    ).toBe(false);
    expect(unitUpdateSchema.parse({ status: 'sold' })).toEqual({ status: 'sold' });
  });
});
