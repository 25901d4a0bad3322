import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  DIRECTORY_API,
  demoAgents,
  demoCompanies,
  directorySlug,
  pageSchema,
  publicAgentSchema,
  publicAgentSummarySchema,
  publicCompanySchema,
  publicCompanySummarySchema,
} from '@manzil/contracts';
import { Account } from '../src/accounts/account.entity.js';
import { seed } from '../src/seed.js';
import { seedRoster } from '../src/seed-roster.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let ds: DataSource;

const get = (path: string, site = 'ae') => h.http().get(path).set('x-site', site);

beforeAll(async () => {
  h = await startHarness();
  ds = h.app.get(DataSource);
  await seed(ds, () => undefined);
});
afterAll(async () => {
  await h?.close();
});

describe('public directory', () => {
  it('lists the active agents of the site only, paginated, names in both languages, nothing private', async () => {
    const first = await get(`${DIRECTORY_API.agents}?page=1&limit=2`).expect(200);
    const page = pageSchema(publicAgentSummarySchema).parse(first.body.results);
    expect(page).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page.items.map((agent) => agent.name.en)).toEqual(['Hana Saleh', 'Sara Nasser']);
    expect(page.items[1]).toMatchObject({
      name: { en: 'Sara Nasser', ar: 'سارة ناصر' },
      company: { name: { en: 'Marina Homes Real Estate', ar: 'مارينا هومز للعقارات' } },
    });
    expect(page.items[0].company).toBeNull();
    expect(JSON.stringify(first.body)).not.toMatch(/password|national|mobile/i);

    const second = pageSchema(publicAgentSummarySchema).parse(
      (await get(`${DIRECTORY_API.agents}?page=2&limit=2`).expect(200)).body.results,
    );
    expect(second.items.map((agent) => agent.name.en)).toEqual(['Yousef Karim']);

    const saudi = pageSchema(publicAgentSummarySchema).parse(
      (await get(DIRECTORY_API.agents, 'sa').expect(200)).body.results,
    );
    expect(saudi.items.every((agent) => !page.items.some((other) => other.id === agent.id))).toBe(true);
    expect(saudi.items.find((agent) => agent.name.en === 'Sara Nasser')?.company?.name.en).toBe(
      'Riyadh Keys Real Estate',
    );
    await get(`${DIRECTORY_API.agents}?limit=101`).expect(422);
  });

  it('finds agents by name in either language, Arabic letter forms folded', async () => {
    const byLatin = pageSchema(publicAgentSummarySchema).parse(
      (await get(`${DIRECTORY_API.agents}?q=${encodeURIComponent('nass')}`).expect(200)).body.results,
    );
    expect(byLatin.items.map((agent) => agent.name.en)).toEqual(['Sara Nasser']);
    // 'ساره' (with ه for ة) still finds 'سارة'.
    const byArabic = pageSchema(publicAgentSummarySchema).parse(
      (await get(`${DIRECTORY_API.agents}?q=${encodeURIComponent('ساره')}`).expect(200)).body.results,
    );
    expect(byArabic.items.map((agent) => agent.name.en)).toEqual(['Sara Nasser']);
    const none = (await get(`${DIRECTORY_API.agents}?q=${encodeURIComponent('100%_')}`).expect(200)).body
      .results;
    expect(none.total).toBe(0);
  });

  it("shows an agent's profile by slug with the contact a card offers; another site's or an inactive agent is 404", async () => {
    const sara = await ds.getRepository(Account).findOneByOrFail({ site: 'ae', name: 'Sara Nasser' });
    expect(sara.slug).toBe(directorySlug('Sara Nasser', sara.id));
    const profile = publicAgentSchema.parse(
      (await get(DIRECTORY_API.agent(sara.slug)).expect(200)).body.results,
    );
    expect(profile).toMatchObject({ phone: '+971501000003', email: 'agent1@ae.manzil.test', brn: '40001' });
    expect(profile.languages).toEqual(['Arabic', 'English']);

    await get(DIRECTORY_API.agent(sara.slug), 'sa').expect(404);
    // By id (what a listing knows of its agent): the same card; another site's is 404.
    const byId = (await get(DIRECTORY_API.agentById(sara.id)).expect(200)).body.results;
    expect(publicAgentSchema.parse(byId)).toEqual(profile);
    await get(DIRECTORY_API.agentById(sara.id), 'sa').expect(404);
    await get(DIRECTORY_API.agentById('not-an-id')).expect(422);
    const yousef = await ds.getRepository(Account).findOneByOrFail({ site: 'ae', name: 'Yousef Karim' });
    await ds.getRepository(Account).update(yousef.id, { status: 'inactive' });
    try {
      const missing = await get(DIRECTORY_API.agent(yousef.slug)).set('language', 'ar').expect(404);
      expect(missing.body.message).toBe('لم يتم العثور على سجل');
      const page = (await get(DIRECTORY_API.agents).expect(200)).body.results;
      expect(page.total).toBe(2);
    } finally {
      await ds.getRepository(Account).update(yousef.id, { status: 'active' });
    }
  });

  it('lists companies with their agent counts, and a company page with its agents', async () => {
    const companies = pageSchema(publicCompanySummarySchema).parse(
      (await get(DIRECTORY_API.companies).expect(200)).body.results,
    );
    expect(companies.items).toHaveLength(1);
    const [marina] = companies.items;
    expect(marina).toMatchObject({ name: { en: 'Marina Homes Real Estate' }, agentCount: 2, orn: '12345' });
    expect(marina.slug).toMatch(/^marina-homes-real-estate-[0-9a-f]{8}$/);

    const detail = publicCompanySchema.parse(
      (await get(DIRECTORY_API.company(marina.slug)).expect(200)).body.results,
    );
    expect(detail).toMatchObject({ phone: '+971501000002', latitude: 25.2048, longitude: 55.2708 });

    const agents = pageSchema(publicAgentSummarySchema).parse(
      (await get(`${DIRECTORY_API.companyAgents(marina.slug)}?limit=1`).expect(200)).body.results,
    );
    expect(agents).toMatchObject({ total: 2, limit: 1 });
    expect(agents.items.map((agent) => agent.name.en)).toEqual(['Sara Nasser']);
    await get(DIRECTORY_API.company(marina.slug), 'sa').expect(404);
    await get(DIRECTORY_API.companyAgents('no-such-company-00000000')).expect(404);
  });
});

describe('the roster the demo listings belong to', () => {
  it('seeds its companies and agents once, with their fixed ids and Arabic names, in the directory', async () => {
    await seedRoster(ds);
    await seedRoster(ds);
    for (const site of ['ae', 'sa'] as const) {
      const agents = demoAgents(site);
      const rows = await ds.getRepository(Account).findBy(agents.map((agent) => ({ id: agent.id })));
      expect(rows).toHaveLength(agents.length);
      const companies = await ds
        .getRepository(Account)
        .findBy(demoCompanies(site).map((company) => ({ id: company.id })));
      expect(companies.map((company) => company.role)).toEqual(companies.map(() => 'company'));
    }
    const found = pageSchema(publicAgentSummarySchema).parse(
      (await get(`${DIRECTORY_API.agents}?q=${encodeURIComponent('نورة')}`, 'sa').expect(200)).body.results,
    );
    expect(found.items[0]).toMatchObject({
      name: { en: 'Noura Al Harbi', ar: 'نورة الحربي' },
      company: { name: { en: 'Najd Homes Real Estate', ar: 'منازل نجد العقارية' } },
    });
  });
});
