import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  listingApprovedV2,
  listingRejectedV1,
  listingSoldV1,
  listingSubmittedV1,
  ownedPropertySchema,
  pageSchema,
  locationSchema,
} from '@manzil/contracts';
import { account, completeAe, completeSa, deed, sixPhotos, startListings } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
// UAE: a company with two agents and a plan of 3 listings; another company with one agent;
// a company without agents; a freelancer without a plan. Saudi: a company whose agent is
// Nafath-verified, and one of its agents who is not.
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const colleague = account('ae', 'agent', company.id);
const rival = account('ae', 'company');
const rivalAgent = account('ae', 'agent', rival.id);
const lonelyCompany = account('ae', 'company');
const freelancer = account('ae', 'agent');
const saCompany = account('sa', 'company');
const saAgent = account('sa', 'agent', saCompany.id);
const saUnverified = account('sa', 'agent', saCompany.id);
const admin = account('ae', 'admin');
const saAdmin = account('sa', 'admin');
const customer = account('ae', 'user');

beforeAll(async () => {
  h = await startListings({ sandbox: true });
  await h.announceApplied('ae', [
    { registered: company },
    { registered: agent },
    { registered: colleague },
    { registered: rival },
    { registered: rivalAgent },
    { registered: lonelyCompany },
    { registered: freelancer },
    { plan: { accountId: company.id, propertyQuota: 3 } },
    { plan: { accountId: rival.id, propertyQuota: 5 } },
    { plan: { accountId: lonelyCompany.id, propertyQuota: 5 } },
    { plan: { accountId: freelancer.id, propertyQuota: 5, ended: true } },
  ]);
  await h.announceApplied('sa', [
    { registered: saCompany },
    { registered: saAgent },
    { registered: saUnverified },
    { nafath: saAgent },
    { plan: { accountId: saCompany.id, propertyQuota: 10 } },
  ]);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const owned = (body: { results: unknown }) => ownedPropertySchema.parse(body.results);

describe('location lookup', () => {
  it('lists the cities of each site, then the children of a place, in the request language', async () => {
    const cities = await h.call(null, 'get', '/v1/locations?limit=100').expect(200);
    const ae = pageSchema(locationSchema).parse(cities.body.results);
    expect(ae.items.map((c) => c.name.en)).toEqual([
      'Abu Dhabi',
      'Ajman',
      'Dubai',
      'Ras Al Khaimah',
      'Sharjah',
    ]);
    const sa = await h.call(null, 'get', '/v1/locations', { site: 'sa', language: 'ar' }).expect(200);
    expect(sa.body.results.items.map((c: { name: { ar: string } }) => c.name.ar)).toEqual([
      'الخبر',
      'الدمام',
      'الرياض',
      'المدينة المنورة',
      'جدة',
      'مكة المكرمة',
    ]);
    const dubai = await h.call(null, 'get', '/v1/locations?parentId=ae.dubai&limit=3').expect(200);
    expect(dubai.body.results).toMatchObject({ page: 1, limit: 3 });
    expect(dubai.body.results.total).toBeGreaterThan(10);
    expect(dubai.body.results.items).toHaveLength(3);
    const marina = await h
      .call(null, 'get', '/v1/locations?parentId=ae.dubai.dubai-marina.marina-promenade')
      .expect(200);
    expect(marina.body.results.items.map((b: { level: string }) => b.level)).toEqual([
      'building',
      'building',
    ]);
    const search = await h.call(null, 'get', `/v1/locations?q=${encodeURIComponent('مارينا')}`).expect(200);
    expect(search.body.results.items.map((l: { id: string }) => l.id)).toContain('ae.dubai.dubai-marina');
    // Another site's places do not exist here.
    const foreign = await h.call(null, 'get', '/v1/locations?parentId=sa.riyadh').expect(200);
    expect(foreign.body.results.total).toBe(0);
  });
});

describe('a listing through its whole life (UAE, an agent of a company)', () => {
  it('goes draft → pending → rejected → pending → accepted, edit → pending with the public version kept → accepted → sold', async () => {
    // Draft from the wizard's first step.
    const created = await h
      .call(agent, 'post', '/v1/properties', {
        body: { propertyType: 'buy', kind: 'apartment', title: completeAe.title },
      })
      .expect(201);
    const draft = owned(created.body);
    expect(draft).toMatchObject({
      approvalStatus: 'draft',
      state: 'active',
      agentId: agent.id,
      companyId: company.id,
    });
    expect(draft.completeness.percent).toBeLessThan(50);
    const id = draft.id;

    // Nothing to approve without documents and the fields a page shows.
    const early = await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(422);
    const fields = early.body.results.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['bathrooms', 'builtUpArea', 'cityId', 'price', 'photos', 'documents']),
    );
    await h.upload(agent, id, await sixPhotos(), 201);

    // The next steps, with Arabic-Indic digits typed.
    const { propertyType: _t, kind: _k, title: _ti, ...rest } = completeAe;
    const saved = await h
      .call(agent, 'patch', `/v1/properties/${id}`, {
        body: { ...rest, price: '٢٨٥٠٠٠٠', approvalStatus: 'accepted' },
      })
      .expect(200);
    // A key the schema does not know changes nothing and is not named as changed.
    expect(owned(saved.body).approvalStatus).toBe('draft');
    expect(owned(saved.body).draft).not.toHaveProperty('approvalStatus');
    expect(owned(saved.body).draft).toMatchObject({
      price: 2_850_000,
      builtUpArea: 1450,
      title: completeAe.title,
    });
    const missingDocument = await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(422);
    expect(missingDocument.body.results.fields).toEqual([
      { field: 'documents', message: 'Please upload at least one document.' },
    ]);
    await h.call(agent, 'post', `/v1/properties/${id}/documents`, { body: deed }).expect(201);
    const pending = owned((await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200)).body);
    expect(pending).toMatchObject({
      approvalStatus: 'pending',
      documents: [expect.objectContaining({ title: 'Title deed' })],
    });

    // In the admins' queue, filterable.
    const queue = await h
      .call(admin, 'get', `/v1/admin/properties?cityId=ae.dubai&agentId=${agent.id}`)
      .expect(200);
    expect(queue.body.results.items.map((p: { id: string }) => p.id)).toContain(id);
    const otherCity = await h.call(admin, 'get', '/v1/admin/properties?cityId=ae.sharjah').expect(200);
    expect(otherCity.body.results.items.map((p: { id: string }) => p.id)).not.toContain(id);

    // Rejected with a reason and a date the owner reads.
    await h.call(admin, 'post', `/v1/admin/properties/${id}/reject`, { body: { reason: 'no' } }).expect(422);
    await h
      .call(admin, 'post', `/v1/admin/properties/${id}/reject`, { body: { reason: 'Photos are blurry' } })
      .expect(200);
    const mine = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(mine).toMatchObject({ approvalStatus: 'rejected', rejectedReason: 'Photos are blurry' });
    expect(mine.rejectedAt).not.toBeNull();
    await h.call(null, 'get', `/v1/properties/${mine.slug}`).expect(404);

    // Fixed, sent again, accepted: public, and announced with the whole public version.
    await h
      .call(agent, 'patch', `/v1/properties/${id}`, {
        body: { tour360Url: 'https://tour.example.com/360/1' },
      })
      .expect(200);
    await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    const page = await h.call(null, 'get', `/v1/properties/${mine.slug}`).expect(200);
    expect(page.body.results).toMatchObject({
      title: completeAe.title,
      price: 2_850_000,
      area: 1450,
      city: { en: 'Dubai', ar: 'دبي' },
      community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
      agreementType: 'exclusive-plus',
    });
    await h.call(null, 'get', `/v1/properties/${mine.slug}`, { site: 'sa' }).expect(404);

    // An edit of the accepted listing waits for approval; the accepted version stays public.
    const edited = owned(
      (
        await h
          .call(agent, 'patch', `/v1/properties/${id}`, {
            body: { title: { en: 'Marina view apartment, upgraded' }, price: '2900000' },
          })
          .expect(200)
      ).body,
    );
    expect(edited).toMatchObject({ approvalStatus: 'pending' });
    expect(edited.published).toMatchObject({ title: completeAe.title, price: 2_850_000 });
    const stillPublic = await h.call(null, 'get', `/v1/properties/${mine.slug}`).expect(200);
    expect(stillPublic.body.results).toMatchObject({ title: completeAe.title, price: 2_850_000 });
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    const updated = await h.call(null, 'get', `/v1/properties/${mine.slug}`).expect(200);
    expect(updated.body.results).toMatchObject({
      title: { en: 'Marina view apartment, upgraded', ar: completeAe.title.ar },
      price: 2_900_000,
    });

    // Sold: gone from the public, no more edits.
    await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);
    await h.call(null, 'get', `/v1/properties/${mine.slug}`).expect(404);
    await h.call(agent, 'patch', `/v1/properties/${id}`, { body: { price: '1' } }).expect(422);
    await h.call(agent, 'post', `/v1/properties/${id}/state`, { body: { active: true } }).expect(422);

    // Every transition is an event of the outbox…
    const events = await h.outbox(id);
    expect(events.map((e) => `${e.type}@${e.version}`)).toEqual([
      'listing.updated@1',
      'listing.updated@1',
      'listing.updated@1',
      'listing.updated@1',
      'listing.submitted@1',
      'listing.rejected@1',
      'listing.updated@1',
      'listing.submitted@1',
      'listing.approved@2',
      'listing.updated@1',
      'listing.submitted@1',
      'listing.approved@2',
      'listing.sold@1',
    ]);
    for (const e of events) expect(e.site).toBe('ae');
    const approved = listingApprovedV2.payload.parse(events[8].payload);
    expect(approved).toMatchObject({
      location: {
        city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
        community: { id: 'ae.dubai.dubai-marina', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } },
        subCommunity: { id: 'ae.dubai.dubai-marina.marina-promenade' },
        building: { id: 'ae.dubai.dubai-marina.marina-promenade.delphine-tower', name: { ar: 'برج دلفين' } },
      },
      latitude: 25.0776,
      badge: 'PLATINUM',
      agent: { id: agent.id },
      company: { id: company.id },
      facts: { furnishing: 'furnished', amenities: ['pool', 'gym'] },
      media: { tour360Url: 'https://tour.example.com/360/1' },
      permitNumber: '7114567890',
      description: completeAe.description,
    });
    // The photos in their order, the first one the cover.
    const photos = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body).photos;
    expect(approved.media.photos).toEqual(photos.map((p) => p.urls.card));
    expect(approved.coverPhoto).toBe(photos[0].urls.card);
    expect(listingSubmittedV1.payload.parse(events[10].payload)).toMatchObject({ editOfPublished: true });
    expect(listingRejectedV1.payload.parse(events[5].payload)).toMatchObject({
      reason: 'Photos are blurry',
      by: { id: admin.id, role: 'admin' },
      publishedStays: false,
    });
    expect(listingSoldV1.payload.parse(events[12].payload).by).toEqual({ id: agent.id, role: 'agent' });

    // …and a line of the audit trail (who, when, what), which admins read.
    const trail = await h.auditTrail(id);
    expect(trail.map((t) => `${t.role}:${t.action}`)).toEqual([
      'agent:created',
      'agent:photos.added',
      'agent:updated',
      'agent:document.attached',
      'agent:submitted',
      'admin:rejected',
      'agent:updated',
      'agent:submitted',
      'admin:approved',
      'agent:updated',
      'agent:submitted',
      'admin:approved',
      'agent:sold',
    ]);
    expect(trail[5]).toMatchObject({ actorId: admin.id, detail: { reason: 'Photos are blurry' } });
    const history = await h.call(admin, 'get', `/v1/admin/properties/${id}/history?limit=2`).expect(200);
    expect(history.body.results).toMatchObject({
      total: 13,
      items: [{ action: 'sold' }, { action: 'approved' }],
    });
  });

  it('takes a published listing off and puts it back, announcing it again', async () => {
    const id = await acceptedListing();
    const { slug } = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    await h.call(agent, 'post', `/v1/properties/${id}/state`, { body: { active: false } }).expect(200);
    await h.call(null, 'get', `/v1/properties/${slug}`).expect(404);
    await h.call(agent, 'post', `/v1/properties/${id}/state`, { body: { active: false } }).expect(200);
    await h.call(agent, 'post', `/v1/properties/${id}/state`, { body: { active: true } }).expect(200);
    await h.call(null, 'get', `/v1/properties/${slug}`).expect(200);
    const tail = (await h.outbox(id))
      .slice(-3)
      .map((e) => `${e.type}:${JSON.stringify(e.payload.active ?? '')}`);
    expect(tail).toEqual(['listing.deactivated:false', 'listing.deactivated:true', 'listing.approved:""']);
    await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);
  });
});

/** An accepted listing of `agent` (a place of the company's plan while not sold). */
async function acceptedListing(): Promise<string> {
  const { body } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
  const id = owned(body).id;
  await h.upload(agent, id, await sixPhotos(), 201);
  await h.call(agent, 'post', `/v1/properties/${id}/documents`, { body: deed }).expect(201);
  await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);
  await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
  return id;
}

describe('§5 rules on the endpoints, in both languages', () => {
  it('names each bad field with its message in the request language', async () => {
    const bad = {
      propertyType: 'rent',
      kind: 'apartment',
      title: { en: 'Flat' },
      priceMonthly: '',
      price: '12345678901',
      builtUpArea: '123456',
      bathrooms: '-1',
      tour360Url: 'tour',
      latitude: 24.7,
      longitude: 46.6,
    };
    const en = await h.call(agent, 'post', '/v1/properties', { body: bad }).expect(422);
    const ar = await h.call(agent, 'post', '/v1/properties', { body: bad, language: 'ar' }).expect(422);
    const byField = (body: { results: { fields: { field: string; message: string }[] } }) =>
      Object.fromEntries(body.results.fields.map((f) => [f.field, f.message]));
    expect(byField(en.body)).toEqual({
      'title.ar': 'Please enter the Arabic title.',
      price: 'Price must be at most 10 characters.',
      builtUpArea: 'Built-up area must be 1 to 5 characters.',
      bathrooms: 'Please enter numbers only (no special characters).',
      tour360Url: 'Please enter a valid 360 URL.',
      longitude: 'Please choose a location inside the UAE.',
      priceYearly: 'Please enter at least one of daily, weekly, monthly or yearly price.',
    });
    expect(byField(ar.body)).toMatchObject({
      'title.ar': 'يرجى إدخال عنوان الإعلان بالعربية.',
      builtUpArea: 'يجب أن تتكون المساحة المبنية من خانة واحدة إلى 5 خانات.',
      longitude: 'يرجى اختيار موقع داخل الإمارات العربية المتحدة.',
    });
    const saudiDates = await h
      .call(saAgent, 'post', '/v1/properties', {
        body: { ...completeSa, regulator: { ...completeSa.regulator, endDate: '2025-12-31' } },
        language: 'ar',
      })
      .expect(422);
    expect(saudiDates.body.results.fields).toEqual([
      { field: 'regulator.endDate', message: 'يجب أن يكون تاريخ الإنشاء قبل تاريخ الانتهاء.' },
    ]);
    const zero = await h
      .call(agent, 'post', '/v1/properties', { body: { ...completeAe, builtUpArea: '0' } })
      .expect(422);
    expect(zero.body.results.fields).toEqual([
      { field: 'builtUpArea', message: 'Please enter a number greater than 0.' },
    ]);
  });

  it('refuses a location that is not one chain of the master data of the site', async () => {
    const wrong = await h
      .call(agent, 'post', '/v1/properties', {
        body: {
          ...completeAe,
          communityId: 'ae.abu-dhabi.yas-island',
          subCommunityId: undefined,
          buildingId: undefined,
        },
      })
      .expect(422);
    expect(wrong.body.results.fields.map((f: { field: string }) => f.field)).toEqual(['communityId']);
    const foreign = await h
      .call(agent, 'post', '/v1/properties', {
        body: {
          ...completeAe,
          cityId: 'sa.riyadh',
          communityId: undefined,
          subCommunityId: undefined,
          buildingId: undefined,
        },
      })
      .expect(422);
    expect(foreign.body.results.fields.map((f: { field: string }) => f.field)).toEqual(['cityId']);
  });
});

describe('who may (spec §6), on the server', () => {
  it("lets a company add for one of its agents, not for another company's", async () => {
    const refused = await h
      .call(company, 'post', '/v1/properties', { body: { ...completeAe, agentId: rivalAgent.id } })
      .expect(422);
    expect(refused.body.results.fields).toEqual([
      { field: 'agentId', message: 'Please choose one of your agents.' },
    ]);
    await h.call(company, 'post', '/v1/properties', { body: completeAe }).expect(422);
    const made = await h
      .call(company, 'post', '/v1/properties', { body: { ...completeAe, agentId: colleague.id } })
      .expect(201);
    expect(owned(made.body)).toMatchObject({ agentId: colleague.id, companyId: company.id });
    // An agent adds for itself only.
    await h
      .call(agent, 'post', '/v1/properties', { body: { ...completeAe, agentId: colleague.id } })
      .expect(422);
  });

  it('wants an agent before a company adds, and a running plan with listings left', async () => {
    const lonely = await h.call(lonelyCompany, 'post', '/v1/properties', { body: completeAe }).expect(422);
    expect(lonely.body).toMatchObject({ results: { code: 'COMPANY_NEEDS_AGENT' } });
    const ended = await h
      .call(freelancer, 'post', '/v1/properties', { body: completeAe, language: 'ar' })
      .expect(402);
    expect(ended.body).toMatchObject({
      message: 'يجب عليك شراء اشتراك من الصفحة الرئيسية لإضافة عقار.',
      results: { code: 'SUBSCRIPTION_REQUIRED_PROPERTY' },
    });
    // The rival's plan allows 5: the sixth is refused, a sold one frees its place.
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { body } = await h.call(rivalAgent, 'post', '/v1/properties', { body: completeAe }).expect(201);
      ids.push(owned(body).id);
    }
    const full = await h.call(rivalAgent, 'post', '/v1/properties', { body: completeAe }).expect(402);
    expect(full.body.message).toBe('You have to buy subscription from Home Page to add property.');
    await h.call(rival, 'post', `/v1/properties/${ids[0]}/sold`).expect(200);
    await h.call(rivalAgent, 'post', '/v1/properties', { body: completeAe }).expect(201);
  });

  it('wants Nafath on the Saudi site', async () => {
    const refused = await h.call(saUnverified, 'post', '/v1/properties', { body: completeSa }).expect(422);
    expect(refused.body).toMatchObject({
      message: 'You have to verify from Nafath to add property',
      results: { code: 'NAFATH_REQUIRED_PROPERTY' },
    });
    const ar = await h
      .call(saUnverified, 'post', '/v1/properties', { body: completeSa, language: 'ar' })
      .expect(422);
    expect(ar.body.message).toBe('يجب عليك التحقق عبر نفاذ لإضافة عقار');
    const made = await h.call(saAgent, 'post', '/v1/properties', { body: completeSa }).expect(201);
    const listing = owned(made.body);
    expect(listing.draft).toMatchObject({
      priceYearly: 120_000,
      regulator: { adLicenseNumber: '7200001234' },
    });
    await h.upload(saAgent, listing.id, await sixPhotos(), 201);
    await h.call(saAgent, 'post', `/v1/properties/${listing.id}/documents`, { body: deed }).expect(201);
    await h.call(saAgent, 'post', `/v1/properties/${listing.id}/submit`).expect(200);
    await h.call(saAdmin, 'post', `/v1/admin/properties/${listing.id}/approve`).expect(200);
    const [approved] = (await h.outbox(listing.id)).filter((e) => e.type === 'listing.approved');
    expect(listingApprovedV2.payload.parse(approved.payload)).toMatchObject({
      site: 'sa',
      currency: 'SAR',
      price: 120_000,
      purpose: 'rent',
      prices: { yearly: 120_000, price: null },
      regulator: { adLicenseNumber: '7200001234', creationDate: '2026-01-01' },
      location: { city: { name: { ar: 'الرياض' } }, community: { name: { ar: 'الملقا' } } },
    });
  });

  it('answers 401 without a token, 403 to other roles, 404 for what is not theirs or of another site', async () => {
    const id = await acceptedListing();
    const pendingEdit = () => h.call(agent, 'patch', `/v1/properties/${id}`, { body: { price: '2700000' } });
    await h.call(null, 'post', '/v1/properties', { body: completeAe }).expect(401);
    await h.call(null, 'patch', `/v1/properties/${id}`, { body: { price: '1' } }).expect(401);
    await h.call(null, 'get', '/v1/admin/properties').expect(401);
    await h.call(customer, 'post', '/v1/properties', { body: completeAe }).expect(403);
    await h.call(admin, 'post', '/v1/properties', { body: completeAe }).expect(403);
    await h.call(agent, 'get', '/v1/admin/properties').expect(403);
    await h.call(company, 'post', `/v1/admin/properties/${id}/approve`).expect(403);
    // Another agent of the same company, another company: not theirs.
    await h.call(colleague, 'patch', `/v1/properties/${id}`, { body: { price: '1' } }).expect(404);
    await h.call(rival, 'patch', `/v1/properties/${id}`, { body: { price: '1' } }).expect(404);
    await h.call(rivalAgent, 'post', `/v1/properties/${id}/sold`).expect(404);
    await h.call(rival, 'get', `/v1/owner/properties/${id}`).expect(404);
    // The company edits its agent's listing.
    await h.call(company, 'patch', `/v1/properties/${id}`, { body: { price: '2750000' } }).expect(200);
    // Another site: not found, for owners and for admins.
    await h
      .call({ ...agent, site: 'sa' }, 'patch', `/v1/properties/${id}`, { body: { price: '1' } })
      .expect(404);
    await h.call(saAdmin, 'post', `/v1/admin/properties/${id}/approve`).expect(404);
    await h
      .call(saAdmin, 'post', `/v1/admin/properties/${id}/reject`, { body: { reason: 'Not here' } })
      .expect(404);
    await h.call(saAdmin, 'get', `/v1/admin/properties/${id}`).expect(404);
    // Nothing changed by the refused calls.
    const view = owned((await h.call(admin, 'get', `/v1/admin/properties/${id}`).expect(200)).body);
    expect(view.draft).toMatchObject({ price: 2_750_000 });
    expect(view.approvalStatus).toBe('pending');
    await pendingEdit().expect(200);
    // The owners' lists: the agent its own, the company its agents'.
    const agentList = await h.call(agent, 'get', '/v1/owner/properties?limit=100').expect(200);
    const companyList = await h.call(company, 'get', '/v1/owner/properties?limit=100').expect(200);
    const ids = (body: { results: { items: { id: string; agentId: string }[] } }) => body.results.items;
    expect(ids(agentList.body).every((p) => p.agentId === agent.id)).toBe(true);
    expect(ids(companyList.body).map((p) => p.agentId)).toEqual(
      expect.arrayContaining([agent.id, colleague.id]),
    );
    await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);
  });
});
