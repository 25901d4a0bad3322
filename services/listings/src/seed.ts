import { In, type DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { demoAgents, SITE_FACTS, type Site } from '@manzil/contracts';
import { rosterCompanyNames } from './accounts/advertiser-names.js';
import { accept, announceAccepted, ApproveProperty } from './approval/approve-property.js';
import { seedPendingDemos } from './approval/pending-demo.js';
import { Location } from './locations/location.entity.js';
import { LocationsService, resolveChain, seedLocations } from './locations/locations.service.js';
import { demoPhotoUrl } from './media/demo-media.js';
import { Property } from './properties/property.entity.js';
import { seedProjects } from './projects/project-seed.js';
import { generatedListings } from './seed/generated-listings.js';

type DemoField =
  | 'id'
  | 'slug'
  | 'titleEn'
  | 'titleAr'
  | 'propertyType'
  | 'kind'
  | 'price'
  | 'bedrooms'
  | 'bathrooms'
  | 'area'
  | 'cityEn'
  | 'cityAr'
  | 'communityEn'
  | 'communityAr'
  | 'latitude'
  | 'longitude'
  | 'agreementType'
  | 'agentName';
type Demo = { [K in DemoField]: NonNullable<Property[K]> } & { photo: string };

/**
 * Demo listings. Only UAE titles may say "Dubai Marina" and only Saudi titles "Riyadh": the
 * browser tests look for each on the other site and expect nothing.
 */
export const DEMO_PROPERTIES: Record<Site, Demo[]> = {
  ae: [
    {
      id: '01936000-0000-7000-8000-000000000101',
      slug: 'sea-view-apartment-dubai-marina',
      titleEn: 'Sea-view apartment in Dubai Marina',
      titleAr: 'شقة مطلة على البحر في دبي مارينا',
      propertyType: 'buy',
      kind: 'apartment',
      price: 2_850_000,
      bedrooms: 2,
      bathrooms: 3,
      area: 1_450,
      cityEn: 'Dubai',
      cityAr: 'دبي',
      communityEn: 'Dubai Marina',
      communityAr: 'دبي مارينا',
      latitude: 25.0805,
      longitude: 55.1403,
      agreementType: 'exclusive',
      agentName: 'Aisha Al Mansoori',
      photo: 'marina-towers.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000102',
      slug: 'one-bedroom-burj-view-downtown-dubai',
      titleEn: 'One-bedroom with Burj view in Downtown Dubai',
      titleAr: 'شقة بغرفة نوم مطلة على البرج في وسط مدينة دبي',
      propertyType: 'rent',
      kind: 'apartment',
      price: 145_000,
      bedrooms: 1,
      bathrooms: 2,
      area: 820,
      cityEn: 'Dubai',
      cityAr: 'دبي',
      communityEn: 'Downtown Dubai',
      communityAr: 'وسط مدينة دبي',
      latitude: 25.1972,
      longitude: 55.2744,
      agreementType: 'exclusive-plus',
      agentName: 'Omar Haddad',
      photo: 'downtown-skyline.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000103',
      slug: 'family-townhouse-jumeirah-village-circle',
      titleEn: 'Family townhouse in Jumeirah Village Circle',
      titleAr: 'تاون هاوس عائلي في قرية جميرا الدائرية',
      propertyType: 'buy',
      kind: 'townhouse',
      price: 2_350_000,
      bedrooms: 3,
      bathrooms: 4,
      area: 2_100,
      cityEn: 'Dubai',
      cityAr: 'دبي',
      communityEn: 'Jumeirah Village Circle',
      communityAr: 'قرية جميرا الدائرية',
      latitude: 25.0607,
      longitude: 55.2094,
      agreementType: 'non-exclusive',
      agentName: 'Priya Nair',
      photo: 'townhouse-row.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000104',
      slug: 'beachfront-villa-palm-jumeirah',
      titleEn: 'Beachfront villa on Palm Jumeirah',
      titleAr: 'فيلا على الشاطئ في نخلة جميرا',
      propertyType: 'buy',
      kind: 'villa',
      price: 32_000_000,
      bedrooms: 5,
      bathrooms: 6,
      area: 7_200,
      cityEn: 'Dubai',
      cityAr: 'دبي',
      communityEn: 'Palm Jumeirah',
      communityAr: 'نخلة جميرا',
      latitude: 25.1124,
      longitude: 55.139,
      agreementType: 'exclusive-plus',
      agentName: 'Aisha Al Mansoori',
      photo: 'palm-villa.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000105',
      slug: 'fitted-office-business-bay',
      titleEn: 'Fitted office with canal view in Business Bay',
      titleAr: 'مكتب مجهز مطل على القناة في الخليج التجاري',
      propertyType: 'commercial-rent',
      kind: 'office',
      price: 210_000,
      bedrooms: 0,
      bathrooms: 2,
      area: 1_800,
      cityEn: 'Dubai',
      cityAr: 'دبي',
      communityEn: 'Business Bay',
      communityAr: 'الخليج التجاري',
      latitude: 25.1857,
      longitude: 55.265,
      agreementType: 'shared',
      agentName: 'Omar Haddad',
      photo: 'office-tower.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000106',
      slug: 'furnished-studio-jumeirah-lake-towers',
      titleEn: 'Furnished studio in Jumeirah Lake Towers',
      titleAr: 'استوديو مفروش في أبراج بحيرات جميرا',
      propertyType: 'rent',
      kind: 'apartment',
      price: 68_000,
      bedrooms: 0,
      bathrooms: 1,
      area: 480,
      cityEn: 'Dubai',
      cityAr: 'دبي',
      communityEn: 'Jumeirah Lake Towers',
      communityAr: 'أبراج بحيرات جميرا',
      latitude: 25.0693,
      longitude: 55.1413,
      agreementType: 'non-exclusive',
      agentName: 'Priya Nair',
      photo: 'seafront-apartments.svg',
    },
  ],
  sa: [
    {
      id: '01936000-0000-7000-8000-000000000201',
      slug: 'modern-villa-riyadh-al-malqa',
      titleEn: 'Modern villa in Riyadh, Al Malqa',
      titleAr: 'فيلا حديثة في الرياض، حي الملقا',
      propertyType: 'buy',
      kind: 'villa',
      price: 3_900_000,
      bedrooms: 5,
      bathrooms: 6,
      area: 450,
      cityEn: 'Riyadh',
      cityAr: 'الرياض',
      communityEn: 'Al Malqa',
      communityAr: 'الملقا',
      latitude: 24.812,
      longitude: 46.62,
      agreementType: 'exclusive',
      agentName: 'Faisal Al Qahtani',
      photo: 'desert-villa.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000202',
      slug: 'sea-facing-apartment-jeddah-corniche',
      titleEn: 'Sea-facing apartment on the Jeddah Corniche',
      titleAr: 'شقة مطلة على البحر على كورنيش جدة',
      propertyType: 'buy',
      kind: 'apartment',
      price: 1_650_000,
      bedrooms: 3,
      bathrooms: 3,
      area: 180,
      cityEn: 'Jeddah',
      cityAr: 'جدة',
      communityEn: 'Al Shati',
      communityAr: 'الشاطئ',
      latitude: 21.581,
      longitude: 39.108,
      agreementType: 'exclusive-plus',
      agentName: 'Noura Al Harbi',
      photo: 'seafront-apartments.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000203',
      slug: 'family-apartment-for-rent-riyadh-al-yasmin',
      titleEn: 'Family apartment for rent in Riyadh, Al Yasmin',
      titleAr: 'شقة عائلية للإيجار في الرياض، حي الياسمين',
      propertyType: 'rent',
      kind: 'apartment',
      price: 65_000,
      bedrooms: 3,
      bathrooms: 2,
      area: 160,
      cityEn: 'Riyadh',
      cityAr: 'الرياض',
      communityEn: 'Al Yasmin',
      communityAr: 'الياسمين',
      latitude: 24.826,
      longitude: 46.64,
      agreementType: 'non-exclusive',
      agentName: 'Faisal Al Qahtani',
      photo: 'townhouse-row.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000204',
      slug: 'duplex-jeddah-al-rawdah',
      titleEn: 'Spacious duplex in Jeddah, Al Rawdah',
      titleAr: 'دوبلكس واسع في جدة، حي الروضة',
      propertyType: 'buy',
      kind: 'duplex',
      price: 2_100_000,
      bedrooms: 4,
      bathrooms: 4,
      area: 300,
      cityEn: 'Jeddah',
      cityAr: 'جدة',
      communityEn: 'Al Rawdah',
      communityAr: 'الروضة',
      latitude: 21.563,
      longitude: 39.162,
      agreementType: 'shared',
      agentName: 'Noura Al Harbi',
      photo: 'palm-villa.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000205',
      slug: 'office-floor-king-fahd-road-riyadh',
      titleEn: 'Office floor on King Fahd Road, Riyadh',
      titleAr: 'طابق مكاتب على طريق الملك فهد، الرياض',
      propertyType: 'commercial-rent',
      kind: 'office',
      price: 380_000,
      bedrooms: 0,
      bathrooms: 2,
      area: 420,
      cityEn: 'Riyadh',
      cityAr: 'الرياض',
      communityEn: 'Al Olaya',
      communityAr: 'العليا',
      latitude: 24.69,
      longitude: 46.685,
      agreementType: 'exclusive',
      agentName: 'Khalid Al Otaibi',
      photo: 'office-tower.svg',
    },
    {
      id: '01936000-0000-7000-8000-000000000206',
      slug: 'showroom-for-sale-tahlia-street-jeddah',
      titleEn: 'Showroom for sale on Tahlia Street, Jeddah',
      titleAr: 'صالة عرض للبيع في شارع التحلية، جدة',
      propertyType: 'commercial-buy',
      kind: 'office',
      price: 4_750_000,
      bedrooms: 0,
      bathrooms: 2,
      area: 520,
      cityEn: 'Jeddah',
      cityAr: 'جدة',
      communityEn: 'Al Andalus',
      communityAr: 'الأندلس',
      latitude: 21.548,
      longitude: 39.151,
      agreementType: 'non-exclusive',
      agentName: 'Khalid Al Otaibi',
      photo: 'downtown-skyline.svg',
    },
  ],
};

/** The roster agent of a demo (same names), so the demo's advertiser is an account with an Arabic name. */
function advertiserOf(site: Site, name: string) {
  const agent = demoAgents(site).find((a) => a.name.en === name);
  return agent
    ? { agentId: agent.id, companyId: agent.companyId, agentNameAr: agent.name.ar }
    : { agentId: null, companyId: null, agentNameAr: null };
}

/**
 * The generated listings of a site, accepted as an admin's approval accepts a listing (`accept`
 * and `announceAccepted` of the approval use case: the same card columns, public version, audit
 * row and `listing.approved` v2 through the outbox, so search fills itself on start), but
 * written in one transaction with one insert, which keeps `npm start` fast. Idempotent: the
 * listings already there are left as they are.
 */
async function seedGenerated(dataSource: DataSource, site: Site): Promise<void> {
  const { currency, areaUnit } = SITE_FACTS[site];
  const listings = generatedListings(site);
  await dataSource.transaction(async (manager) => {
    const existing = new Set(
      (
        (await manager.query(`SELECT "id" FROM "properties" WHERE "id" = ANY($1)`, [
          listings.map((listing) => listing.id),
        ])) as { id: string }[]
      ).map((row) => row.id),
    );
    const fresh = listings.filter((listing) => !existing.has(listing.id));
    if (fresh.length === 0) return;
    const places = new Map((await manager.findBy(Location, { site })).map((row) => [row.id, row]));
    const properties: Property[] = [];
    for (const listing of fresh) {
      const property = manager.create(Property, {
        id: listing.id,
        site,
        slug: listing.slug,
        currency,
        areaUnit,
        draft: listing.draft,
        agentId: listing.agent.id,
        companyId: listing.agent.companyId,
        agentName: listing.agent.name.en,
        agentNameAr: listing.agent.name.ar,
        demoPhotos: listing.demoPhotos,
        state: 'active',
        submittedAt: new Date(),
      });
      property.companyNames = rosterCompanyNames(site, listing.agent.companyId);
      const { resolved, problems } = resolveChain(places, listing.draft);
      if (problems.length) throw new Error(`seed listing ${listing.slug}: unknown ${problems.join(', ')}`);
      accept(property, resolved, []);
      properties.push(property);
    }
    for (let at = 0; at < properties.length; at += 100)
      // The public version's jsonb is wider than TypeORM's deep-partial type of it.
      await manager.insert(Property, properties.slice(at, at + 100) as QueryDeepPartialEntity<Property>[]);
    for (const property of properties)
      await announceAccepted(manager, property, { id: null, role: 'system' });
  });
}

/**
 * Seeds the location master data, then the generated listings of each site and the demo
 * properties, inserted as pending and accepted through the approval use case, so
 * `listing.approved` goes through the outbox as in production and search fills itself. The
 * demos are accepted last, so they are the newest (the browser tests look for them). Each
 * demo names its city and community of the master data (by their English names), so its
 * event carries the location hierarchy. Then the listings waiting for an admin.
 * Idempotent: existing rows are kept, and accepted ones are not approved again.
 */
export async function seed(dataSource: DataSource): Promise<void> {
  await seedLocations(dataSource);
  const approve = new ApproveProperty(dataSource, new LocationsService(dataSource));
  const locations = await dataSource.manager.find(Location);
  const cityId = (site: Site, name: string) =>
    locations.find((l) => l.site === site && l.level === 'city' && l.nameEn === name)?.id;
  const communityId = (site: Site, city: string | undefined, name: string) =>
    locations.find((l) => l.parentId === city && l.level === 'community' && l.nameEn === name)?.id;
  for (const site of ['ae', 'sa'] as const) {
    await seedGenerated(dataSource, site);
    const { currency, areaUnit } = SITE_FACTS[site];
    const demos = DEMO_PROPERTIES[site];
    await dataSource
      .createQueryBuilder()
      .insert()
      .into(Property)
      .values(
        demos.map(({ photo, ...demo }) => {
          const city = cityId(site, demo.cityEn);
          return {
            ...demo,
            ...advertiserOf(site, demo.agentName),
            site,
            currency,
            areaUnit,
            coverPhoto: demoPhotoUrl(photo),
            approvalStatus: 'pending' as const,
            draft: { cityId: city, communityId: communityId(site, city, demo.communityEn) },
          };
        }),
      )
      .orIgnore()
      .execute();
    const pending = await dataSource.manager.find(Property, {
      where: { site, id: In(demos.map((demo) => demo.id)), approvalStatus: 'pending' },
      order: { id: 'ASC' },
    });
    for (const property of pending) await approve.execute({ site, propertyId: property.id });
  }
  await seedPendingDemos(dataSource);
  await seedProjects(dataSource);
}
