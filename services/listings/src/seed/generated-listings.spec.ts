import {
  demoAgents,
  PROPERTY_KINDS,
  PROPERTY_TYPE_SLUGS,
  propertyUpdateSchemaFor,
  SITE_FACTS,
  type Site,
} from '@manzil/contracts';
import { GENERATED_PER_SITE, generatedListings } from './generated-listings.js';

const CITIES: Record<Site, string[]> = {
  ae: ['ae.dubai', 'ae.abu-dhabi', 'ae.sharjah', 'ae.ajman', 'ae.ras-al-khaimah'],
  sa: ['sa.riyadh', 'sa.jeddah', 'sa.dammam', 'sa.khobar', 'sa.makkah', 'sa.madinah'],
};

describe.each(['ae', 'sa'] as const)('generated listings of %s', (site) => {
  const listings = generatedListings(site);

  it('are the same on every run, at least 300, with unique ids and slugs', () => {
    expect(generatedListings(site)).toEqual(listings);
    expect(listings.length).toBe(GENERATED_PER_SITE);
    expect(GENERATED_PER_SITE).toBeGreaterThanOrEqual(300);
    expect(new Set(listings.map((l) => l.id)).size).toBe(listings.length);
    expect(new Set(listings.map((l) => l.slug)).size).toBe(listings.length);
  });

  it('cover every city, purpose and kind of the site', () => {
    const cities = new Set(listings.map((l) => l.draft.cityId));
    for (const city of CITIES[site]) expect(cities).toContain(city);
    const types = new Set(listings.map((l) => l.draft.propertyType));
    for (const type of PROPERTY_TYPE_SLUGS) expect(types).toContain(type);
    const kinds = new Set(listings.map((l) => l.draft.kind));
    for (const kind of PROPERTY_KINDS) expect(kinds).toContain(kind);
  });

  it("pass the site's field rules, in both languages, with photos and a roster advertiser", () => {
    const schema = propertyUpdateSchemaFor(site);
    const agents = new Map(demoAgents(site).map((agent) => [agent.id, agent]));
    for (const listing of listings) {
      const { agentId, ...fields } = listing.draft;
      const parsed = schema.safeParse(fields);
      expect(
        parsed.success
          ? []
          : parsed.error.issues.map((i) => `${listing.slug} ${i.path.join('.')}: ${i.message}`),
      ).toEqual([]);
      expect(listing.draft.title?.ar).toMatch(/[\u0600-\u06ff]/);
      expect(listing.draft.description?.ar).toMatch(/[\u0600-\u06ff]/);
      expect(listing.demoPhotos.length).toBeGreaterThanOrEqual(4);
      expect(agents.get(agentId ?? '')?.name.ar).toMatch(/[\u0600-\u06ff]/);
      const { mapBounds } = SITE_FACTS[site];
      expect(listing.draft.latitude).toBeGreaterThan(mapBounds.south);
      expect(listing.draft.latitude).toBeLessThan(mapBounds.north);
      expect(listing.draft.longitude).toBeGreaterThan(mapBounds.west);
      expect(listing.draft.longitude).toBeLessThan(mapBounds.east);
    }
  });

  it("name only the site's own places (the browser tests look for each on the other site)", () => {
    const titles = listings.map((l) => `${l.draft.title?.en}`).join('\n');
    expect(titles).not.toContain(site === 'ae' ? 'Riyadh' : 'Dubai Marina');
  });
});
