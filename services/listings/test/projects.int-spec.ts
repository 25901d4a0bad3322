import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { tokenFor } from '@manzil/testing';
import {
  ownedProjectSchema,
  pageSchema,
  projectDetailSchema,
  projectPublishedV1,
  projectUnpublishedV1,
  projectUpdatedV1,
  publicProjectSchema,
  unitAddedV1,
  unitSchema,
  unitStatusChangedV1,
  unitUpdatedV1,
} from '@manzil/contracts';
import { account, startListings, type Account } from './lifecycle-harness.js';
import { changeUnitStatus } from '../src/projects/unit-status.js';
import { adoptSeededProjects, SEED_PROJECT_OWNER, seedProjects } from '../src/projects/project-seed.js';

const project = {
  title: { en: 'Marina Vista', ar: 'مارينا فيستا' },
  description: { en: 'Sea views from every unit', ar: 'إطلالات بحرية من كل وحدة' },
  developer: 'Emaar',
  licenceNumber: 'RERA-7788',
  cityId: 'ae.dubai',
  communityId: 'ae.dubai.dubai-marina',
  totalArea: '25000',
  totalUnits: '120',
  availableUnits: '٤٠',
  deliveryDate: '2028-06-30',
  startingPrice: '1250000',
  paymentPlan: { booking: '10', construction: '60', handover: '30' },
  completion: 'offPlan',
};
const unit = { layout: 'apartment', bedrooms: '2', area: '1200', price: '1500000', reference: 'A-1203' };

describe('listings: projects and units (spec §3 Project)', () => {
  let h: Awaited<ReturnType<typeof startListings>>;
  beforeAll(async () => {
    h = await startListings();
  });
  afterAll(async () => {
    await h?.close();
  });

  const types = async (key: string) => (await h.outbox(key)).map((e) => `${e.type}@${e.version}`);

  it('a company creates a draft, adds a unit, publishes it; every change of the public project is an event', async () => {
    const company = account('ae', 'company');
    const created = await h.call(company, 'post', '/v1/projects', { body: project }).expect(201);
    const draft = ownedProjectSchema.parse(created.body.results);
    expect(draft).toMatchObject({
      status: 'draft',
      companyId: company.id,
      availableUnits: 40,
      totalArea: 25_000,
      currency: 'AED',
      areaUnit: 'sqft',
      city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
      community: { id: 'ae.dubai.dubai-marina' },
      paymentPlan: { booking: 10, construction: 60, handover: 30 },
      publishedAt: null,
    });
    const added = await h.call(company, 'post', `/v1/projects/${draft.id}/units`, { body: unit }).expect(201);
    const firstUnit = unitSchema.parse(added.body.results);
    expect(firstUnit).toMatchObject({ status: 'available', bedrooms: 2, price: 1_500_000 });
    // A draft is not public and announces nothing.
    await h.call(null, 'get', `/v1/projects/${draft.slug}`).expect(404);
    expect(await types(draft.id)).toEqual([]);

    const published = ownedProjectSchema.parse(
      (await h.call(company, 'post', `/v1/projects/${draft.id}/publish`).expect(200)).body.results,
    );
    expect(published.status).toBe('published');
    const [event] = await h.outbox(draft.id);
    expect(event.type).toBe('project.published');
    expect(projectPublishedV1.payload.parse(event.payload).units).toHaveLength(1);

    const detail = projectDetailSchema.parse(
      (await h.call(null, 'get', `/v1/projects/${draft.slug}`).expect(200)).body.results,
    );
    expect(detail.units.map((u) => u.id)).toEqual([firstUnit.id]);
    await h.call(null, 'get', `/v1/projects/${draft.slug}`, { site: 'sa' }).expect(404);

    await h
      .call(company, 'patch', `/v1/projects/${draft.id}`, { body: { startingPrice: '1199000' } })
      .expect(200);
    const second = unitSchema.parse(
      (
        await h
          .call(company, 'post', `/v1/projects/${draft.id}/units`, { body: { ...unit, reference: 'B-1' } })
          .expect(201)
      ).body.results,
    );
    await h
      .call(company, 'patch', `/v1/projects/${draft.id}/units/${second.id}`, { body: { price: '1490000' } })
      .expect(200);
    const reserved = await h
      .call(company, 'patch', `/v1/projects/${draft.id}/units/${second.id}`, { body: { status: 'reserved' } })
      .expect(200);
    expect(reserved.body.results.status).toBe('reserved');
    const events = await h.outbox(draft.id);
    expect(events.map((e) => e.type)).toEqual([
      'project.published',
      'project.updated',
      'unit.added',
      'unit.updated',
      'unit.status-changed',
    ]);
    expect(projectUpdatedV1.payload.parse(events[1].payload).startingPrice).toBe(1_199_000);
    expect(unitAddedV1.payload.parse(events[2].payload).reference).toBe('B-1');
    expect(unitUpdatedV1.payload.parse(events[3].payload).price).toBe(1_490_000);
    expect(unitStatusChangedV1.payload.parse(events[4].payload)).toMatchObject({
      from: 'available',
      to: 'reserved',
      availableUnits: 39,
    });
    expect(events.every((e) => e.site === 'ae')).toBe(true);

    const list = pageSchema(publicProjectSchema).parse(
      (await h.call(null, 'get', '/v1/projects?cityId=ae.dubai&completion=offPlan&limit=5').expect(200)).body
        .results,
    );
    expect(list.items.map((p) => p.id)).toContain(draft.id);
    expect(list.items.find((p) => p.id === draft.id)?.availableUnits).toBe(39);
    const ready = pageSchema(publicProjectSchema).parse(
      (await h.call(null, 'get', '/v1/projects?completion=ready').expect(200)).body.results,
    );
    expect(ready.items.map((p) => p.id)).not.toContain(draft.id);
  });

  it('changes a status through one function: the available count follows, the same status changes nothing', async () => {
    const company = account('sa', 'company');
    const created = ownedProjectSchema.parse(
      (
        await h
          .call(company, 'post', '/v1/projects', {
            body: {
              ...project,
              cityId: 'sa.riyadh',
              communityId: undefined,
              availableUnits: '2',
              totalUnits: '2',
            },
          })
          .expect(201)
      ).body.results,
    );
    const u = unitSchema.parse(
      (await h.call(company, 'post', `/v1/projects/${created.id}/units`, { body: unit }).expect(201)).body
        .results,
    );
    await h.call(company, 'post', `/v1/projects/${created.id}/publish`).expect(200);
    const run = (to: 'available' | 'reserved' | 'sold') =>
      h.dataSource.transaction((manager) => changeUnitStatus(manager, 'sa', created.id, u.id, to));
    await run('reserved');
    await run('reserved');
    await run('sold');
    await run('available');
    const owned = ownedProjectSchema.parse(
      (await h.call(company, 'get', `/v1/owner/projects/${created.id}`).expect(200)).body.results,
    );
    expect(owned.availableUnits).toBe(2);
    expect(owned.units[0].status).toBe('available');
    expect((await types(created.id)).filter((t) => t.startsWith('unit.status'))).toHaveLength(3);
    await expect(
      h.dataSource.transaction((manager) => changeUnitStatus(manager, 'ae', created.id, u.id, 'sold')),
    ).rejects.toThrow();
  });

  it('names each bad field in English and Arabic and stores nothing', async () => {
    const company = account('ae', 'company');
    const bad = {
      ...project,
      availableUnits: '130',
      paymentPlan: { booking: '10', construction: '60', handover: '20' },
      title: { en: 'Only English', ar: '' },
    };
    const en = await h.call(company, 'post', '/v1/projects', { body: bad }).expect(422);
    const fields = Object.fromEntries(
      (en.body.results.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      'paymentPlan.handover': 'Booking, construction and handover must add up to 100%.',
      availableUnits: 'Available units cannot be more than the total units.',
      'title.ar': 'Please enter the project name in English and Arabic.',
    });
    const ar = await h.call(company, 'post', '/v1/projects', { body: bad, language: 'ar' }).expect(422);
    expect(JSON.stringify(ar.body.results.fields)).toContain(
      'يجب أن يكون مجموع الحجز والإنشاء والتسليم 100%.',
    );
    await h.call(company, 'post', '/v1/projects', { body: { ...project, cityId: 'sa.riyadh' } }).expect(422);
    const count = (await h.dataSource.query(
      `SELECT count(*)::int AS n FROM "projects" WHERE "company_id" = $1`,
      [company.id],
    )) as { n: number }[];
    expect(count[0].n).toBe(0);
  });

  it('lets only the owning company or an admin of the site change a project (others: 404, agents and customers: 403)', async () => {
    const owner = account('ae', 'company');
    const created = ownedProjectSchema.parse(
      (await h.call(owner, 'post', '/v1/projects', { body: project }).expect(201)).body.results,
    );
    const other = account('ae', 'company');
    await h.call(other, 'patch', `/v1/projects/${created.id}`, { body: { developer: 'Mine' } }).expect(404);
    await h.call(other, 'post', `/v1/projects/${created.id}/units`, { body: unit }).expect(404);
    await h.call(other, 'get', `/v1/owner/projects/${created.id}`).expect(404);
    await h.call(account('ae', 'agent'), 'post', '/v1/projects', { body: project }).expect(403);
    await h.call(account('ae', 'user'), 'post', `/v1/projects/${created.id}/publish`).expect(403);
    await h.call(null, 'post', '/v1/projects', { body: project }).expect(401);
    // Another city: the community of the old one goes with it; a community of another city is refused.
    const moved = ownedProjectSchema.parse(
      (
        await h
          .call(owner, 'patch', `/v1/projects/${created.id}`, { body: { cityId: 'ae.abu-dhabi' } })
          .expect(200)
      ).body.results,
    );
    expect(moved).toMatchObject({ city: { id: 'ae.abu-dhabi' }, community: null });
    await h
      .call(owner, 'patch', `/v1/projects/${created.id}`, { body: { communityId: 'ae.dubai.dubai-marina' } })
      .expect(422);
    const saAdmin = account('sa', 'admin');
    await h.call(saAdmin, 'post', `/v1/projects/${created.id}/publish`).expect(404);
    const admin = account('ae', 'admin');
    await h.call(admin, 'post', `/v1/projects/${created.id}/publish`).expect(200);
    await h.call(admin, 'post', '/v1/projects', { body: project }).expect(422);
    await h.call(admin, 'post', '/v1/projects', { body: { ...project, companyId: owner.id } }).expect(201);
    const mine = pageSchema(ownedProjectSchema).parse(
      (await h.call(owner, 'get', '/v1/owner/projects').expect(200)).body.results,
    );
    expect(mine.total).toBe(2);
    expect(mine.items.every((p) => p.companyId === owner.id)).toBe(true);
  });

  it('lets an admin of the site list projects by status and unpublish one: project.unpublished, off the public pages', async () => {
    const owner = account('ae', 'company');
    const created = ownedProjectSchema.parse(
      (await h.call(owner, 'post', '/v1/projects', { body: project }).expect(201)).body.results,
    );
    await h.call(owner, 'post', `/v1/projects/${created.id}/units`, { body: unit }).expect(201);
    await h.call(owner, 'post', `/v1/projects/${created.id}/publish`).expect(200);
    const admin = account('ae', 'admin');
    const listed = async (query: string) =>
      pageSchema(ownedProjectSchema).parse(
        (await h.call(admin, 'get', `/v1/owner/projects?limit=100${query}`).expect(200)).body.results,
      );
    const published = await listed('&status=published');
    expect(published.items.map((p) => p.id)).toContain(created.id);
    expect(published.items.every((p) => p.status === 'published' && p.site === 'ae')).toBe(true);
    await h.call(admin, 'get', '/v1/owner/projects?status=gone').expect(422);
    const detail = ownedProjectSchema.parse(
      (await h.call(admin, 'get', `/v1/owner/projects/${created.id}`).expect(200)).body.results,
    );
    expect(detail.units).toHaveLength(1);

    // Admins only, of this site; the owning company cannot hide its project through this door.
    await h.call(owner, 'post', `/v1/projects/${created.id}/unpublish`).expect(403);
    await h.call(account('ae', 'user'), 'post', `/v1/projects/${created.id}/unpublish`).expect(403);
    await h.call(null, 'post', `/v1/projects/${created.id}/unpublish`).expect(401);
    await h.call(account('sa', 'admin'), 'post', `/v1/projects/${created.id}/unpublish`).expect(404);
    expect((await h.outbox(created.id)).map((e) => e.type)).toEqual(['project.published']);

    const unpublished = ownedProjectSchema.parse(
      (await h.call(admin, 'post', `/v1/projects/${created.id}/unpublish`).expect(200)).body.results,
    );
    expect(unpublished).toMatchObject({ status: 'draft', publishedAt: null });
    const events = await h.outbox(created.id);
    expect(events.map((e) => `${e.type}@${e.version}`)).toEqual([
      'project.published@1',
      'project.unpublished@1',
    ]);
    expect(projectUnpublishedV1.payload.parse(events[1].payload)).toMatchObject({
      id: created.id,
      site: 'ae',
      slug: created.slug,
      by: admin.id,
    });
    await h.call(null, 'get', `/v1/projects/${created.slug}`).expect(404);
    expect((await listed('&status=draft')).items.map((p) => p.id)).toContain(created.id);
    expect((await listed('&status=published')).items.map((p) => p.id)).not.toContain(created.id);
    // Again: nothing more is announced.
    await h.call(admin, 'post', `/v1/projects/${created.id}/unpublish`).expect(200);
    expect(await h.outbox(created.id)).toHaveLength(2);
  });

  it('stores a brochure PDF by its content and serves it once the project is public', async () => {
    const owner: Account = account('ae', 'company');
    const created = ownedProjectSchema.parse(
      (await h.call(owner, 'post', '/v1/projects', { body: project }).expect(201)).body.results,
    );
    const token = await tokenFor('company', { site: 'ae', sub: owner.id });
    const send = (bytes: Buffer, name: string) =>
      request(h.app.getHttpServer())
        .post(`/v1/projects/${created.id}/brochure`)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${token}`)
        .attach('file', bytes, name);
    const pdf = Buffer.from('%PDF-1.4\n% brochure\n%%EOF\n');
    await send(Buffer.from('not a pdf at all'), 'brochure.pdf').expect(422);
    const stored = ownedProjectSchema.parse((await send(pdf, 'brochure.pdf').expect(201)).body.results);
    expect(stored.brochureUrl).toBe(`/api/listings/v1/projects/${created.id}/brochure`);
    await request(h.app.getHttpServer())
      .get(`/v1/projects/${created.id}/brochure`)
      .set('x-site', 'ae')
      .expect(404);
    await h.call(owner, 'post', `/v1/projects/${created.id}/publish`).expect(200);
    const file = await request(h.app.getHttpServer())
      .get(`/v1/projects/${created.id}/brochure`)
      .set('x-site', 'ae')
      .expect(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(
      Buffer.from(file.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('stores a unit’s floor plan (jpeg or PDF by content, under 2 MB, as a document) and serves it once public', async () => {
    const owner: Account = account('ae', 'company');
    const created = ownedProjectSchema.parse(
      (await h.call(owner, 'post', '/v1/projects', { body: project }).expect(201)).body.results,
    );
    const added = unitSchema.parse(
      (await h.call(owner, 'post', `/v1/projects/${created.id}/units`, { body: unit }).expect(201)).body
        .results,
    );
    const path = `/v1/projects/${created.id}/units/${added.id}/floor-plan`;
    const token = await tokenFor('company', { site: 'ae', sub: owner.id });
    const send = (bytes: Buffer, name: string, language = 'en', bearer = token) =>
      request(h.app.getHttpServer())
        .post(path)
        .set('x-site', 'ae')
        .set('language', language)
        .set('authorization', `Bearer ${bearer}`)
        .attach('file', bytes, name);
    const read = (site = 'ae') => request(h.app.getHttpServer()).get(path).set('x-site', site);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a floor plan')]);

    const gif = await send(Buffer.from('GIF89a a gif'), 'plan.gif', 'ar').expect(422);
    expect(gif.body.results.fields).toEqual([
      { field: 'floorPlan', message: 'يجب أن يكون المخطط صورة JPEG أو ملف PDF.' },
    ]);
    const big = Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await send(big, 'plan.jpg').expect(422);
    expect(tooBig.body.results.fields).toEqual([
      { field: 'floorPlan', message: 'The floor plan must be smaller than 2 MB.' },
    ]);
    const stranger = await tokenFor('company', { site: 'ae', sub: account('ae', 'company').id });
    await send(jpeg, 'plan.jpg', 'en', stranger).expect(404);
    await send(jpeg, 'plan.jpg', 'en', await tokenFor('user', { site: 'ae', sub: owner.id })).expect(403);

    const stored = unitSchema.parse((await send(jpeg, 'plan.jpg').expect(201)).body.results);
    expect(stored.floorPlanUrl).toBe(`/api/listings${path}`);
    // A draft's plan is not served; a draft announces nothing.
    await read().expect(404);
    expect(await h.outbox(created.id)).toEqual([]);
    await h.call(owner, 'post', `/v1/projects/${created.id}/publish`).expect(200);
    const image = await read().expect(200);
    expect(image.headers['content-type']).toContain('image/jpeg');
    await read('sa').expect(404);

    const pdf = Buffer.from('%PDF-1.4\n% floor plan\n%%EOF\n');
    await send(pdf, 'plan.pdf').expect(201);
    const last = (await h.outbox(created.id)).at(-1)!;
    expect(last.type).toBe('unit.updated');
    expect(unitUpdatedV1.payload.parse(last.payload).floorPlanUrl).toBe(`/api/listings${path}`);
    const file = await read().expect(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(
      Buffer.from(file.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('seeds 10 published projects per site with 3 to 8 units, through the outbox, once; the first company adopts them', async () => {
    await seedProjects(h.dataSource);
    await seedProjects(h.dataSource);
    for (const site of ['ae', 'sa'] as const) {
      const rows = (await h.dataSource.query(
        `SELECT p."id", p."title_ar", count(u."id")::int AS "units" FROM "projects" p
         JOIN "project_units" u ON u."project_id" = p."id"
         WHERE p."site" = $1 AND p."company_id" = $2 AND p."status" = 'published' GROUP BY p."id"`,
        [site, SEED_PROJECT_OWNER[site]],
      )) as { id: string; title_ar: string; units: number }[];
      expect(rows).toHaveLength(10);
      for (const row of rows) {
        expect(row.units).toBeGreaterThanOrEqual(3);
        expect(row.units).toBeLessThanOrEqual(8);
        expect(row.title_ar).toMatch(/[\u0600-\u06FF]/);
        expect(await types(row.id)).toEqual(['project.published@1']);
      }
    }
    const list = pageSchema(publicProjectSchema).parse(
      (await h.call(null, 'get', '/v1/projects?limit=100', { site: 'sa' }).expect(200)).body.results,
    );
    expect(list.items.filter((p) => p.companyId === SEED_PROJECT_OWNER.sa)).toHaveLength(10);
    expect(list.items.some((p) => /Dubai/.test(p.title.en))).toBe(false);
    const company = account('ae', 'company');
    await h.dataSource.transaction((manager) => adoptSeededProjects(manager, 'ae', company.id));
    const mine = pageSchema(ownedProjectSchema).parse(
      (await h.call(company, 'get', '/v1/owner/projects?limit=50').expect(200)).body.results,
    );
    expect(mine.total).toBe(10);
    await h.dataSource.transaction((manager) =>
      adoptSeededProjects(manager, 'ae', account('ae', 'company').id),
    );
    const still = pageSchema(ownedProjectSchema).parse(
      (await h.call(company, 'get', '/v1/owner/projects?limit=50').expect(200)).body.results,
    );
    expect(still.total).toBe(10);
  });
});
