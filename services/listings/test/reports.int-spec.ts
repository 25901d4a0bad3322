import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  adminListingReportSchema,
  listingReportSchema,
  ownedProjectSchema,
  ownedPropertySchema,
  pageSchema,
  type Site,
} from '@manzil/contracts';
import { startListings, type Account } from './lifecycle-harness.js';
import { PENDING_DEMOS } from '../src/approval/pending-demo.js';
import { seed } from '../src/seed.js';
import { insertProperty } from './properties.js';

const account = (role: Account['role'], site: Site): Account => ({ id: randomUUID(), role, site });

describe('listings: reports of a listing (spec §3 Report, §5 rules)', () => {
  let h: Awaited<ReturnType<typeof startListings>>;

  beforeAll(async () => {
    h = await startListings();
  });

  afterAll(async () => {
    await h?.close();
  });

  const published = (site: Site, overrides = {}) =>
    insertProperty(h.dataSource, site, {
      approvalStatus: 'accepted',
      approvedAt: new Date(),
      ...overrides,
    });
  const good = {
    reason: 'inaccurate-price',
    userType: 'buyer',
    comment: 'The price is  not the one the agent gave.',
  };
  const byField = (body: { results: { fields: { field: string; message: string }[] } }) =>
    Object.fromEntries(body.results.fields.map((f) => [f.field, f.message]));

  it('files a logged-in visitor’s report of a public listing, and a second one replaces the first', async () => {
    const property = await published('ae');
    const user = account('user', 'ae');
    const first = await h
      .call(user, 'post', `/v1/properties/${property.id}/reports`, { body: good })
      .expect(201);
    const report = listingReportSchema.parse(first.body.results);
    expect(report).toMatchObject({
      propertyId: property.id,
      reason: 'inaccurate-price',
      userType: 'buyer',
      comment: 'The price is not the one the agent gave.',
      reporterId: user.id,
      reporterRole: 'user',
    });
    await h
      .call(user, 'post', `/v1/properties/${property.id}/reports`, {
        body: { reason: 'fraud', userType: 'tenant', comment: 'Asked for a deposit first.' },
      })
      .expect(201);
    const agent = account('agent', 'ae');
    await h.call(agent, 'post', `/v1/properties/${property.id}/reports`, { body: good }).expect(201);
    const rows = (await h.dataSource.query(
      `SELECT "reporter_id", "reason", "user_type" FROM "listing_reports" WHERE "property_id" = $1 ORDER BY "reporter_role"`,
      [property.id],
    )) as { reporter_id: string; reason: string; user_type: string }[];
    expect(rows).toEqual([
      { reporter_id: agent.id, reason: 'inaccurate-price', user_type: 'buyer' },
      { reporter_id: user.id, reason: 'fraud', user_type: 'tenant' },
    ]);
  });

  it('names each bad field with its message, in English and in Arabic, and stores nothing', async () => {
    const property = await published('sa');
    const user = account('user', 'sa');
    const bad = { reason: '', comment: ' abc ' };
    const en = await h.call(user, 'post', `/v1/properties/${property.id}/reports`, { body: bad }).expect(422);
    expect(byField(en.body)).toEqual({
      reason: 'Please choose a reason.',
      userType: 'Please choose who you are.',
      comment: 'Please enter a comment (at least 5 characters).',
    });
    const ar = await h
      .call(user, 'post', `/v1/properties/${property.id}/reports`, {
        body: { ...good, reason: 'boring' },
        language: 'ar',
      })
      .expect(422);
    expect(byField(ar.body)).toEqual({ reason: 'يرجى اختيار السبب.' });
    const [{ n }] = (await h.dataSource.query(
      `SELECT count(*)::int AS n FROM "listing_reports" WHERE "property_id" = $1`,
      [property.id],
    )) as { n: number }[];
    expect(n).toBe(0);
  });

  it('needs a login, refuses admins, and knows only public listings of the request’s site', async () => {
    const aeListing = await published('ae');
    const pending = await insertProperty(h.dataSource, 'ae');
    const sold = await published('ae', { state: 'sold' });
    await h.call(null, 'post', `/v1/properties/${aeListing.id}/reports`, { body: good }).expect(401);
    await h
      .call(account('admin', 'ae'), 'post', `/v1/properties/${aeListing.id}/reports`, { body: good })
      .expect(403);
    // A Saudi account on the Saudi site cannot reach a UAE listing; its token is refused on the UAE site.
    const saUser = account('user', 'sa');
    await h.call(saUser, 'post', `/v1/properties/${aeListing.id}/reports`, { body: good }).expect(404);
    await h
      .call(saUser, 'post', `/v1/properties/${aeListing.id}/reports`, { body: good, site: 'ae' })
      .expect(401);
    const aeUser = account('user', 'ae');
    await h.call(aeUser, 'post', `/v1/properties/${pending.id}/reports`, { body: good }).expect(404);
    await h.call(aeUser, 'post', `/v1/properties/${sold.id}/reports`, { body: good }).expect(404);
    await h.call(aeUser, 'post', `/v1/properties/${randomUUID()}/reports`, { body: good }).expect(404);
  });

  it('lists the site’s reports to its admins only, newest first, paginated, with the listing', async () => {
    const first = await published('sa', { titleEn: 'Reported villa', titleAr: 'فيلا مبلغ عنها' });
    const second = await published('sa');
    await h
      .call(account('user', 'sa'), 'post', `/v1/properties/${first.id}/reports`, { body: good })
      .expect(201);
    await h
      .call(account('company', 'sa'), 'post', `/v1/properties/${second.id}/reports`, {
        body: { ...good, reason: 'duplicate' },
      })
      .expect(201);
    const admin = account('admin', 'sa');
    const page1 = await h.call(admin, 'get', '/v1/admin/reports?limit=1').expect(200);
    const parsed = pageSchema(adminListingReportSchema).parse(page1.body.results);
    expect(parsed.total).toBeGreaterThanOrEqual(2);
    expect(parsed.items).toHaveLength(1);
    expect(parsed.items[0]).toMatchObject({ propertyId: second.id, reason: 'duplicate' });
    const villa = await h.call(admin, 'get', '/v1/admin/reports?reason=inaccurate-price').expect(200);
    const villaPage = pageSchema(adminListingReportSchema).parse(villa.body.results);
    expect(villaPage.items.map((r) => r.propertyId)).toContain(first.id);
    expect(villaPage.items.find((r) => r.propertyId === first.id)?.property).toEqual({
      slug: first.slug,
      title: { en: 'Reported villa', ar: 'فيلا مبلغ عنها' },
      approvalStatus: 'accepted',
    });
    expect(villaPage.items.every((r) => r.reason === 'inaccurate-price')).toBe(true);
    // The UAE admins see none of the Saudi reports; nobody else sees the list.
    const ae = await h.call(account('admin', 'ae'), 'get', '/v1/admin/reports?limit=100').expect(200);
    const aeIds = pageSchema(adminListingReportSchema)
      .parse(ae.body.results)
      .items.map((r) => r.propertyId);
    expect(aeIds).not.toContain(first.id);
    expect(aeIds).not.toContain(second.id);
    await h.call(account('user', 'sa'), 'get', '/v1/admin/reports').expect(403);
  });

  it('files a report of a unit of a published project like a listing’s, and shows it to the site’s admins', async () => {
    const company = account('company', 'ae');
    const project = ownedProjectSchema.parse(
      (
        await h
          .call(company, 'post', '/v1/projects', {
            body: {
              title: { en: 'Creek Rise', ar: 'كريك رايز' },
              description: { en: '', ar: '' },
              developer: 'Emaar',
              cityId: 'ae.dubai',
              totalArea: '20000',
              totalUnits: '50',
              availableUnits: '20',
              deliveryDate: '2029-01-31',
              startingPrice: '990000',
              paymentPlan: { booking: '20', construction: '40', handover: '40' },
              completion: 'offPlan',
            },
          })
          .expect(201)
      ).body.results,
    );
    const unitBody = {
      layout: 'penthouse',
      bedrooms: '4',
      area: '3500',
      price: '9000000',
      reference: 'PH-1',
    };
    const unit = (
      await h.call(company, 'post', `/v1/projects/${project.id}/units`, { body: unitBody }).expect(201)
    ).body.results as { id: string };
    const path = `/v1/projects/${project.id}/units/${unit.id}/reports`;
    const user = account('user', 'ae');
    // A draft's unit is not public: no report.
    await h.call(user, 'post', path, { body: good }).expect(404);
    await h.call(company, 'post', `/v1/projects/${project.id}/publish`).expect(200);

    const filed = listingReportSchema.parse(
      (await h.call(user, 'post', path, { body: good }).expect(201)).body.results,
    );
    expect(filed).toMatchObject({
      propertyId: null,
      unitId: unit.id,
      reporterId: user.id,
      reason: 'inaccurate-price',
    });
    await h.call(user, 'post', path, { body: { ...good, reason: 'not-available' } }).expect(201);
    const rows = (await h.dataSource.query(`SELECT "reason" FROM "listing_reports" WHERE "unit_id" = $1`, [
      unit.id,
    ])) as { reason: string }[];
    expect(rows).toEqual([{ reason: 'not-available' }]);

    // The same rules and messages as a listing report.
    const bad = await h.call(user, 'post', path, { body: { comment: 'bad' }, language: 'ar' }).expect(422);
    expect(Object.keys(byField(bad.body)).sort()).toEqual(['comment', 'reason', 'userType']);
    // Who may: logged in, not an admin; the unit must be of that project and of this site.
    await h.call(null, 'post', path, { body: good }).expect(401);
    await h.call(account('admin', 'ae'), 'post', path, { body: good }).expect(403);
    await h.call(account('user', 'sa'), 'post', path, { body: good, site: 'sa' }).expect(404);
    await h
      .call(user, 'post', `/v1/projects/${randomUUID()}/units/${unit.id}/reports`, { body: good })
      .expect(404);

    const listed = pageSchema(adminListingReportSchema).parse(
      (await h.call(account('admin', 'ae'), 'get', '/v1/admin/reports?limit=100').expect(200)).body.results,
    );
    expect(listed.items.find((r) => r.unitId === unit.id)).toMatchObject({
      propertyId: null,
      property: null,
      reason: 'not-available',
      unit: {
        projectId: project.id,
        projectSlug: project.slug,
        projectTitle: { en: 'Creek Rise', ar: 'كريك رايز' },
        reference: 'PH-1',
        layout: 'penthouse',
      },
    });
    const sa = pageSchema(adminListingReportSchema).parse(
      (await h.call(account('admin', 'sa'), 'get', '/v1/admin/reports?limit=100').expect(200)).body.results,
    );
    expect(sa.items.map((r) => r.unitId)).not.toContain(unit.id);
  });
});

describe('listings: the moderation queue by submission day', () => {
  let h: Awaited<ReturnType<typeof startListings>>;

  beforeAll(async () => {
    h = await startListings();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('keeps only listings submitted within the days asked, both days included', async () => {
    const early = await insertProperty(h.dataSource, 'ae', { submittedAt: new Date('2026-03-01T23:30:00Z') });
    const middle = await insertProperty(h.dataSource, 'ae', {
      submittedAt: new Date('2026-03-05T00:00:00Z'),
    });
    const late = await insertProperty(h.dataSource, 'ae', { submittedAt: new Date('2026-03-09T10:00:00Z') });
    const admin = account('admin', 'ae');
    const ids = async (query: string) =>
      pageSchema(ownedPropertySchema)
        .parse((await h.call(admin, 'get', `/v1/admin/properties?${query}`).expect(200)).body.results)
        .items.map((p) => p.id);
    expect(await ids('submittedFrom=2026-03-01&submittedTo=2026-03-05')).toEqual([early.id, middle.id]);
    expect(await ids('submittedFrom=2026-03-02&submittedTo=2026-03-09')).toEqual([middle.id, late.id]);
    expect(await ids('submittedTo=2026-03-04')).toEqual([early.id]);
    await h.call(admin, 'get', '/v1/admin/properties?submittedFrom=March').expect(422);
  });

  it('seeds listings waiting for review on each site, which an admin can reject and approve', async () => {
    await seed(h.dataSource);
    await seed(h.dataSource);
    for (const site of ['ae', 'sa'] as const) {
      const admin = account('admin', site);
      const [first, second] = PENDING_DEMOS[site];
      const queue = pageSchema(ownedPropertySchema).parse(
        (await h.call(admin, 'get', '/v1/admin/properties?q=MZ-').expect(200)).body.results,
      );
      expect(queue.items.map((p) => p.id)).toEqual([first.id, second.id]);
      expect(queue.items[0].documents).toHaveLength(1);
      await h
        .call(admin, 'post', `/v1/admin/properties/${first.id}/reject`, {
          body: { reason: 'Blurry deed scan.' },
        })
        .expect(200);
      const approved = await h.call(admin, 'post', `/v1/admin/properties/${second.id}/approve`).expect(200);
      expect(approved.body.results).toMatchObject({ id: second.id, site, title: second.draft.title });
      await h.call(null, 'get', `/v1/properties/${second.slug}`, { site }).expect(200);
      await h.call(null, 'get', `/v1/properties/${first.slug}`, { site }).expect(404);
    }
  });
});
