import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  locationAutocompleteQuerySchema,
  mapClustersQuerySchema,
  mapPinsQuerySchema,
  searchFiltersSchema,
  searchQuerySchema,
  type PublishedProperty,
  type Site,
} from '@manzil/contracts';
import { publishedProperty } from '@manzil/testing';
import { toIndexedListing } from '../src/engines/indexed-listing.js';
import type { SearchEngine } from '../src/engines/search-engine.js';
import { listing } from './listings.js';

/** What a suite needs of an engine: the engine, a way to run a write, and cleanup. */
export interface EngineUnderTest {
  engine: SearchEngine;
  write(fn: (tx: EntityManager) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const place = (id: string, en: string, ar: string) => ({ id, name: { en, ar } });
const DUBAI = place('ae.dubai', 'Dubai', 'دبي');
const MARINA = place('ae.dubai.dubai-marina', 'Dubai Marina', 'مرسى دبي');
const GATE = place('ae.dubai.dubai-marina.marina-gate', 'Marina Gate', 'بوابة المارينا');
const JUMEIRAH = place('ae.dubai.jumeirah', 'Jumeirah', 'جميرا');
const ABU_DHABI = place('ae.abu-dhabi', 'Abu Dhabi', 'أبوظبي');
const REEM = place('ae.abu-dhabi.al-reem', 'Al Reem Island', 'جزيرة الريم');

interface Spec {
  title?: { en: string; ar: string };
  purpose?: 'buy' | 'rent';
  kind?: PublishedProperty['kind'];
  bedrooms?: number;
  price?: number;
  area?: number;
  at: [number, number];
  places: ReturnType<typeof place>[];
  furnishing?: string;
  amenities?: string[];
  approvedAt?: string;
  site?: Site;
  agentId?: string;
  companyId?: string | null;
}

/** A `listing.approved` v2 payload with the hierarchy, facts and prices of the spec. */
function published(spec: Spec): PublishedProperty {
  const site = spec.site ?? 'ae';
  const purpose = spec.purpose ?? 'buy';
  const summary = listing(site, {
    title: spec.title ?? { en: 'Sea view apartment', ar: 'شقة بإطلالة بحرية' },
    propertyType: purpose,
    kind: spec.kind ?? 'apartment',
    bedrooms: spec.bedrooms ?? 2,
    price: spec.price ?? 1_000_000,
    area: spec.area ?? 1_000,
    latitude: spec.at[0],
    longitude: spec.at[1],
    city: spec.places[0].name,
    community: spec.places[1]?.name ?? spec.places[0].name,
    approvedAt: spec.approvedAt ?? new Date().toISOString(),
  });
  const base = publishedProperty(summary);
  const [city, community, subCommunity] = spec.places;
  return {
    ...base,
    purpose,
    prices:
      purpose === 'buy'
        ? { ...base.prices, price: summary.price }
        : { price: null, daily: null, weekly: null, monthly: summary.price, yearly: summary.price * 10 },
    location: { city, community: community ?? null, subCommunity: subCommunity ?? null, building: null },
    facts: { furnishing: spec.furnishing ?? 'unfurnished', amenities: spec.amenities ?? [] },
    agent: { id: spec.agentId ?? base.agent.id, name: base.agent.name },
    company: spec.companyId ? { id: spec.companyId } : spec.companyId === null ? null : base.company,
  };
}

/**
 * The behaviour every SearchEngine gives (Postgres and OpenSearch run the same suite): filters,
 * facet counts, sort and pages, Arabic letter forms, clusters and pins, autocomplete in both
 * languages, the detail page, and event order (an older event never undoes a newer one).
 */
export function engineContract(name: string, start: () => Promise<EngineUnderTest>) {
  describe(`SearchEngine contract: ${name}`, () => {
    let under: EngineUnderTest;
    const upsert = (payload: PublishedProperty, at = new Date()) =>
      under.write((tx) => under.engine.upsert(toIndexedListing(payload), at, tx));
    const search = (site: Site, query: Record<string, unknown>) =>
      under.engine.search(site, searchQuerySchema.parse(query));
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
    // Two agents of one company, and a freelancer (no company).
    const AGENT_A = randomUUID();
    const AGENT_B = randomUUID();
    const FREELANCER = randomUUID();
    const COMPANY = randomUUID();

    const marina2 = published({
      title: { en: 'Marina Gate two bedroom', ar: 'شقة غرفتين في المدينة' },
      bedrooms: 2,
      price: 2_000_000,
      area: 1_200,
      at: [25.0805, 55.1403],
      places: [DUBAI, MARINA, GATE],
      furnishing: 'furnished',
      amenities: ['pool', 'gym'],
      approvedAt: '2026-10-05T10:00:00.000Z',
      agentId: AGENT_A,
      companyId: COMPANY,
    });
    const marina3 = published({
      title: { en: 'Marina three bedroom', ar: 'شقة ثلاث غرف' },
      bedrooms: 3,
      price: 3_000_000,
      area: 1_800,
      at: [25.0812, 55.1415],
      places: [DUBAI, MARINA],
      amenities: ['pool'],
      approvedAt: '2026-11-05T10:00:00.000Z',
      agentId: AGENT_B,
      companyId: COMPANY,
    });
    const jumeirahVilla = published({
      title: { en: 'Beach villa', ar: 'فيلا على الشاطئ' },
      kind: 'villa',
      bedrooms: 5,
      price: 9_000_000,
      area: 5_000,
      at: [25.2048, 55.2425],
      places: [DUBAI, JUMEIRAH],
      approvedAt: '2026-11-06T10:00:00.000Z',
      agentId: FREELANCER,
      companyId: null,
    });
    const reemRent = published({
      title: { en: 'Reem studio for rent', ar: 'استوديو للإيجار' },
      purpose: 'rent',
      bedrooms: 0,
      price: 6_000,
      area: 500,
      at: [24.4969, 54.4058],
      places: [ABU_DHABI, REEM],
      approvedAt: '2026-11-07T10:00:00.000Z',
    });
    const riyadh = published({
      site: 'sa',
      title: { en: 'Riyadh villa', ar: 'فيلا في الرياض' },
      kind: 'villa',
      at: [24.7136, 46.6753],
      places: [place('sa.riyadh', 'Riyadh', 'الرياض'), place('sa.riyadh.al-malqa', 'Al Malqa', 'الملقا')],
    });

    beforeAll(async () => {
      under = await start();
      for (const payload of [marina2, marina3, jumeirahVilla, reemRent, riyadh]) await upsert(payload);
    });
    afterAll(async () => {
      await under?.close();
    });

    it('keeps each site to itself and filters by purpose, kind, bedrooms, price and amenities', async () => {
      expect(ids(await search('sa', {}))).toEqual([riyadh.id]);
      expect(ids(await search('ae', { purpose: 'rent' }))).toEqual([reemRent.id]);
      expect(ids(await search('ae', { kind: 'villa' }))).toEqual([jumeirahVilla.id]);
      expect(ids(await search('ae', { bedrooms: '2,3', sort: 'price-asc' }))).toEqual([
        marina2.id,
        marina3.id,
      ]);
      expect(ids(await search('ae', { priceMin: '2500000', priceMax: '٣٠٠٠٠٠٠', purpose: 'buy' }))).toEqual([
        marina3.id,
      ]);
      expect(ids(await search('ae', { amenities: 'pool,gym' }))).toEqual([marina2.id]);
      expect(ids(await search('ae', { furnishing: 'furnished' }))).toEqual([marina2.id]);
    });

    it('tells which saved searches the stored listing matches, with the filters of the list', async () => {
      const saved = (filters: Record<string, unknown>) => ({
        id: randomUUID(),
        filters: searchFiltersSchema.parse(filters),
      });
      const twoBeds = saved({ propertyType: 'buy', bedrooms: '2' });
      const inMarina = saved({ locationId: MARINA.id, priceMax: '2500000', amenities: 'pool' });
      const keywords = saved({ q: 'marina gate' });
      const villas = saved({ kind: 'villa' });
      const dearer = saved({ priceMin: '2500000' });
      let matched: string[] = [];
      await under.write(async (tx) => {
        matched = await under.engine.matching(
          'ae',
          marina2.id,
          [twoBeds, inMarina, keywords, villas, dearer],
          tx,
        );
      });
      expect(matched.sort()).toEqual([twoBeds.id, inMarina.id, keywords.id].sort());
      // Another site's listing matches nothing of this site.
      await under.write(async (tx) => {
        matched = await under.engine.matching('ae', riyadh.id, [saved({}), villas], tx);
      });
      expect(matched).toEqual([]);
    });

    it("lists only one agent's live listings (agentId), on the list, the map and the pins", async () => {
      expect(ids(await search('ae', { agentId: AGENT_A }))).toEqual([marina2.id]);
      expect(ids(await search('ae', { agentId: FREELANCER }))).toEqual([jumeirahVilla.id]);
      expect((await search('ae', { agentId: AGENT_B })).total).toBe(1);
      expect(ids(await search('sa', { agentId: AGENT_A }))).toEqual([]);
      expect(ids(await search('ae', { agentId: randomUUID() }))).toEqual([]);
      const box = { north: '25.4', south: '24.3', east: '55.5', west: '54.2' };
      const clusters = await under.engine.clusters(
        'ae',
        mapClustersQuerySchema.parse({ ...box, zoom: '8', agentId: AGENT_B }),
      );
      expect(clusters.total).toBe(1);
      const pins = await under.engine.pins('ae', mapPinsQuerySchema.parse({ ...box, agentId: AGENT_A }));
      expect(pins.items.map((pin) => pin.id)).toEqual([marina2.id]);
    });

    it("lists only one company's live listings (companyId), newest first, with its facets", async () => {
      const company = await search('ae', { companyId: COMPANY });
      expect(ids(company)).toEqual([marina3.id, marina2.id]);
      expect(company.total).toBe(2);
      expect(company.facets?.kind).toEqual([{ value: 'apartment', count: 2 }]);
      expect(ids(await search('ae', { companyId: COMPANY, bedrooms: '3' }))).toEqual([marina3.id]);
      expect(ids(await search('ae', { companyId: COMPANY, agentId: AGENT_A }))).toEqual([marina2.id]);
      expect(ids(await search('ae', { companyId: randomUUID() }))).toEqual([]);
    });

    it('finds a location at any level of the hierarchy', async () => {
      expect(ids(await search('ae', { locationId: GATE.id }))).toEqual([marina2.id]);
      expect(ids(await search('ae', { locationId: MARINA.id, sort: 'area' }))).toEqual([
        marina3.id,
        marina2.id,
      ]);
      expect((await search('ae', { locationId: DUBAI.id })).total).toBe(3);
    });

    it('sorts, pages and counts the total', async () => {
      const page1 = await search('ae', { sort: 'price-desc', limit: '2' });
      expect(ids(page1)).toEqual([jumeirahVilla.id, marina3.id]);
      expect(page1.total).toBe(4);
      expect(ids(await search('ae', { sort: 'price-desc', limit: '2', page: '2' }))).toEqual([
        marina2.id,
        reemRent.id,
      ]);
      expect(ids(await search('ae', {}))).toEqual([reemRent.id, jumeirahVilla.id, marina3.id, marina2.id]);
    });

    it('matches keywords in English and in Arabic written with other letter forms', async () => {
      expect(ids(await search('ae', { q: 'villa' }))).toEqual([jumeirahVilla.id]);
      // المدينة in the title, مدينه / المدينه / المدينـــة typed: the same listing.
      for (const typed of ['مدينه', 'المدينه', 'المدينـــة'])
        expect(ids(await search('ae', { q: typed }))).toEqual([marina2.id]);
      expect(ids(await search('ae', { q: 'للايجار' }))).toEqual([reemRent.id]);
      expect(ids(await search('ae', { q: 'penthouse' }))).toEqual([]);
    });

    it('counts each facet with every other filter but its own', async () => {
      const { facets, total } = await search('ae', { bedrooms: '2', purpose: 'buy' });
      expect(total).toBe(1);
      expect(facets?.bedrooms).toEqual([
        { value: 2, count: 1 },
        { value: 3, count: 1 },
        { value: 5, count: 1 },
      ]);
      expect(facets?.kind).toEqual([{ value: 'apartment', count: 1 }]);
      expect(facets?.furnishing).toEqual([{ value: 'furnished', count: 1 }]);
      expect(facets?.location).toEqual([{ id: DUBAI.id, level: 'city', name: DUBAI.name, count: 1 }]);
      const dubai = await search('ae', { locationId: DUBAI.id });
      expect(dubai.facets?.location).toEqual([
        { id: MARINA.id, level: 'community', name: MARINA.name, count: 2 },
        { id: JUMEIRAH.id, level: 'community', name: JUMEIRAH.name, count: 1 },
      ]);
      expect((await search('ae', { facets: 'false' })).facets).toBeNull();
    });

    it('clusters a viewport by zoom and lists the pins of a small box', async () => {
      const viewport = { north: '25.4', south: '24.3', east: '55.5', west: '54.2' };
      const far = await under.engine.clusters('ae', mapClustersQuerySchema.parse({ ...viewport, zoom: '8' }));
      expect(far.total).toBe(4);
      const byCount = far.clusters.map((c) => c.count).sort();
      expect(byCount.reduce((a, b) => a + b, 0)).toBe(4);
      const marinaCell = far.clusters.find((c) => c.count >= 2);
      expect(marinaCell?.centre.lat).toBeGreaterThan(25);
      expect(marinaCell?.key).toHaveLength(far.precision);
      const { bounds } = marinaCell!;
      expect(bounds.south).toBeLessThanOrEqual(25.0805);
      expect(bounds.north).toBeGreaterThanOrEqual(25.0812);
      const pins = await under.engine.pins(
        'ae',
        mapPinsQuerySchema.parse({ north: '25.09', south: '25.07', east: '55.15', west: '55.13' }),
      );
      expect(pins.items.map((pin) => pin.id)).toEqual([marina3.id, marina2.id]);
      expect(pins.total).toBe(2);
      expect(pins.items[0]).toMatchObject({
        slug: marina3.slug,
        displayPrice: { amount: 3_000_000, period: 'total' },
      });
    });

    it('suggests places of the hierarchy in English and Arabic with their paths and counts', async () => {
      const auto = (site: Site, q: string, extra = {}) =>
        under.engine.autocomplete(site, locationAutocompleteQuerySchema.parse({ q, ...extra }));
      const english = await auto('ae', 'marina');
      expect(english.items.map((s) => s.id)).toEqual(expect.arrayContaining([MARINA.id, GATE.id]));
      expect(english.items.find((s) => s.id === MARINA.id)).toMatchObject({
        level: 'community',
        path: { en: 'Dubai Marina, Dubai', ar: 'مرسى دبي، دبي' },
        parentId: DUBAI.id,
        count: 2,
      });
      // أبوظبي indexed, ابوظبي typed (and the other way round for الريم / الرّيم).
      expect((await auto('ae', 'ابوظبي')).items.map((s) => s.id)).toEqual([ABU_DHABI.id]);
      expect((await auto('ae', 'الرّيم')).items.map((s) => s.id)).toEqual([REEM.id]);
      expect((await auto('ae', 'marina', { level: 'subCommunity' })).items.map((s) => s.id)).toEqual([
        GATE.id,
      ]);
      expect((await auto('sa', 'marina')).items).toEqual([]);
    });

    it('gives the detail with nearby listings by great-circle distance, similar ones and the price trend', async () => {
      const detail = await under.engine.detail('ae', marina2.slug);
      expect(detail?.listing).toMatchObject({
        id: marina2.id,
        displayPrice: { amount: 2_000_000, period: 'total' },
      });
      expect(detail?.nearby.map((n) => n.id)).toEqual([marina3.id]);
      expect(detail?.nearby[0].distanceKm).toBeGreaterThan(0.1);
      expect(detail?.nearby[0].distanceKm).toBeLessThan(0.2);
      expect(detail?.similar.map((n) => n.id)).toEqual([marina3.id]);
      expect(detail?.priceTrend.location?.id).toBe(MARINA.id);
      expect(detail?.priceTrend.points.map((p) => [p.month, p.count])).toEqual([
        ['2026-10', 1],
        ['2026-11', 1],
      ]);
      expect(detail?.priceTrend.points[0].medianPricePerArea).toBeCloseTo(2_000_000 / 1_200, 1);
      expect(await under.engine.detail('sa', marina2.slug)).toBeNull();
    });

    it('lists the slugs of the sitemaps page by page, newest approval first, with the last event time', async () => {
      const first = await under.engine.sitemap('ae', 1, 2);
      expect(first.items.map((item) => item.slug)).toEqual([reemRent.slug, jumeirahVilla.slug]);
      expect(first.total).toBe(4);
      expect(Date.parse(first.items[0].lastmod)).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));
      const second = await under.engine.sitemap('ae', 2, 2);
      expect(second.items.map((item) => item.slug)).toEqual([marina3.slug, marina2.slug]);
      expect((await under.engine.sitemap('sa', 1, 10)).items.map((item) => item.slug)).toEqual([riyadh.slug]);
    });

    it('applies events in their order: an older event never undoes a newer one', async () => {
      const payload = published({
        at: [25.1, 55.2],
        places: [DUBAI, JUMEIRAH],
        title: { en: 'Order test', ar: 'اختبار' },
      });
      const t = (s: number) => new Date(Date.UTC(2026, 10, 20, 0, 0, s));
      await upsert(payload, t(10));
      await upsert({ ...payload, price: 5, prices: { ...payload.prices, price: 5 } }, t(5));
      expect((await search('ae', { q: 'order' })).items[0]?.price).toBe(payload.price);
      await under.write((tx) => under.engine.remove('ae', payload.id, t(20), tx));
      await upsert(payload, t(15));
      expect(ids(await search('ae', { q: 'order' }))).toEqual([]);
      await upsert(payload, t(30));
      expect(ids(await search('ae', { q: 'order' }))).toEqual([payload.id]);
      const inSitemap = (await under.engine.sitemap('ae', 1, 100)).items.find((i) => i.slug === payload.slug);
      expect(inSitemap?.lastmod).toBe(t(30).toISOString());
      await under.write((tx) => under.engine.remove('ae', payload.id, t(40), tx));
      await under.write((tx) => under.engine.remove('ae', randomUUID(), t(40), tx));
      expect(ids(await search('ae', { q: 'order' }))).toEqual([]);
      expect((await under.engine.sitemap('ae', 1, 100)).items.map((i) => i.slug)).not.toContain(payload.slug);
    });
  });
}
