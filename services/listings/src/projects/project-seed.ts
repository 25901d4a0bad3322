import type { DataSource, EntityManager } from 'typeorm';
import { projectUpdatedV1, type Site } from '@manzil/contracts';
import { projectRow, publishProjectEvent, toPublicProject } from './project-rows.js';
import { publishDraft } from './publish-project.js';

/**
 * Demo new projects: 10 per site, 3 to 8 units each, names in both languages, real developers
 * and places of the location master data. Inserted as drafts and published through
 * `publishDraft`, so `project.published` goes through the outbox and search fills itself.
 * Idempotent (fixed ids). Only UAE names say "Dubai", only Saudi names "Riyadh" (browser tests).
 *
 * Owner: identity's demo companies get their ids when identity seeds, and listings learns them
 * only later from `identity.account.registered`. So the seed gives each site's projects to a
 * fixed placeholder company (`SEED_PROJECT_OWNER`), and the first company listings learns of on
 * that site adopts them (`adoptSeededProjects`, called by the account events consumer).
 */
export const SEED_PROJECT_OWNER: Record<Site, string> = {
  ae: '01936000-0000-7000-8000-000000000a00',
  sa: '01936000-0000-7000-8000-000000000b00',
};

type Layout = 'studio' | 'apartment' | 'duplex' | 'penthouse' | 'townhouse' | 'villa';
interface DemoProject {
  slug: string;
  en: string;
  ar: string;
  developer: string;
  cityId: string;
  communityId?: string;
  /** Years from now until handover (0: ready). */
  years: number;
  startingPrice: number;
  totalUnits: number;
  area: number;
  plan: [number, number, number];
  units: number;
  layouts: Layout[];
  descriptionEn: string;
  descriptionAr: string;
}

const AE: DemoProject[] = [
  {
    slug: 'marina-crest-residences',
    en: 'Marina Crest Residences',
    ar: 'مساكن مارينا كريست',
    developer: 'Emaar Properties',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.dubai-marina',
    years: 2,
    startingPrice: 1_350_000,
    totalUnits: 240,
    area: 310_000,
    plan: [10, 60, 30],
    units: 6,
    layouts: ['studio', 'apartment', 'apartment', 'penthouse'],
    descriptionEn: 'Waterfront towers with marina views, a sky pool and direct promenade access.',
    descriptionAr: 'أبراج على الواجهة البحرية بإطلالات على المرسى ومسبح علوي ووصول مباشر إلى الممشى.',
  },
  {
    slug: 'downtown-boulevard-heights',
    en: 'Boulevard Heights Downtown',
    ar: 'بوليفارد هايتس وسط المدينة',
    developer: 'Emaar Properties',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.downtown-dubai',
    years: 3,
    startingPrice: 2_100_000,
    totalUnits: 180,
    area: 260_000,
    plan: [20, 40, 40],
    units: 5,
    layouts: ['apartment', 'apartment', 'duplex', 'penthouse'],
    descriptionEn: 'Homes steps from the boulevard, with views of the tower and the fountain.',
    descriptionAr: 'منازل على بعد خطوات من البوليفارد مع إطلالات على البرج والنافورة.',
  },
  {
    slug: 'palm-shoreline-villas',
    en: 'Palm Shoreline Villas',
    ar: 'فلل شورلاين النخلة',
    developer: 'Nakheel',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.palm-jumeirah',
    years: 1,
    startingPrice: 8_900_000,
    totalUnits: 40,
    area: 120_000,
    plan: [20, 30, 50],
    units: 4,
    layouts: ['villa', 'villa', 'townhouse'],
    descriptionEn: 'Beachfront villas on the frond with private pools and gardens.',
    descriptionAr: 'فلل على الشاطئ مع مسابح وحدائق خاصة.',
  },
  {
    slug: 'business-bay-canal-view',
    en: 'Canal View Business Bay',
    ar: 'كانال فيو الخليج التجاري',
    developer: 'DAMAC Properties',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.business-bay',
    years: 0,
    startingPrice: 1_150_000,
    totalUnits: 320,
    area: 280_000,
    plan: [10, 0, 90],
    units: 7,
    layouts: ['studio', 'apartment', 'apartment'],
    descriptionEn: 'Ready apartments on the water canal, minutes from the financial district.',
    descriptionAr: 'شقق جاهزة على القناة المائية على بعد دقائق من المركز المالي.',
  },
  {
    slug: 'jvc-garden-lofts',
    en: 'Garden Lofts JVC',
    ar: 'جاردن لوفتس قرية جميرا الدائرية',
    developer: 'Ellington Properties',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.jumeirah-village-circle',
    years: 2,
    startingPrice: 720_000,
    totalUnits: 210,
    area: 150_000,
    plan: [10, 50, 40],
    units: 8,
    layouts: ['studio', 'apartment', 'duplex'],
    descriptionEn: 'Family homes around landscaped courtyards, with a gym and a kids club.',
    descriptionAr: 'منازل عائلية حول ساحات خضراء مع نادٍ رياضي ونادٍ للأطفال.',
  },
  {
    slug: 'dubai-hills-park-residences',
    en: 'Park Residences Dubai Hills',
    ar: 'بارك ريزيدنسز دبي هيلز',
    developer: 'Meraas',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.dubai-hills-estate',
    years: 3,
    startingPrice: 1_650_000,
    totalUnits: 260,
    area: 300_000,
    plan: [10, 70, 20],
    units: 5,
    layouts: ['apartment', 'apartment', 'townhouse'],
    descriptionEn: 'Apartments overlooking the central park and the golf course.',
    descriptionAr: 'شقق مطلة على الحديقة المركزية وملعب الغولف.',
  },
  {
    slug: 'saadiyat-cultural-residences',
    en: 'Saadiyat Cultural Residences',
    ar: 'مساكن السعديات الثقافية',
    developer: 'Aldar Properties',
    cityId: 'ae.abu-dhabi',
    communityId: 'ae.abu-dhabi.saadiyat-island',
    years: 2,
    startingPrice: 2_400_000,
    totalUnits: 150,
    area: 210_000,
    plan: [10, 50, 40],
    units: 6,
    layouts: ['apartment', 'duplex', 'penthouse'],
    descriptionEn: 'Homes beside the museums and a quiet white-sand beach.',
    descriptionAr: 'منازل بجوار المتاحف وشاطئ هادئ برماله البيضاء.',
  },
  {
    slug: 'yas-bay-waterfront',
    en: 'Yas Bay Waterfront',
    ar: 'واجهة خليج ياس',
    developer: 'Aldar Properties',
    cityId: 'ae.abu-dhabi',
    communityId: 'ae.abu-dhabi.yas-island',
    years: 1,
    startingPrice: 980_000,
    totalUnits: 300,
    area: 240_000,
    plan: [5, 45, 50],
    units: 7,
    layouts: ['studio', 'apartment', 'townhouse'],
    descriptionEn: 'Waterfront living next to the arena, the marina and the theme parks.',
    descriptionAr: 'سكن على الواجهة البحرية بجوار الساحة والمرسى والمتنزهات الترفيهية.',
  },
  {
    slug: 'aljada-central-sharjah',
    en: 'Aljada Central',
    ar: 'الجادة سنترال',
    developer: 'Arada',
    cityId: 'ae.sharjah',
    years: 2,
    startingPrice: 650_000,
    totalUnits: 400,
    area: 350_000,
    plan: [10, 60, 30],
    units: 5,
    layouts: ['studio', 'apartment', 'apartment'],
    descriptionEn: 'A new town centre with parks, a hub of shops and homes for every family.',
    descriptionAr: 'مركز مدينة جديد بحدائق ومتاجر ومنازل لكل عائلة.',
  },
  {
    slug: 'al-marjan-beach-residences',
    en: 'Al Marjan Beach Residences',
    ar: 'مساكن شاطئ المرجان',
    developer: 'RAK Properties',
    cityId: 'ae.ras-al-khaimah',
    years: 0,
    startingPrice: 890_000,
    totalUnits: 220,
    area: 190_000,
    plan: [20, 0, 80],
    units: 3,
    layouts: ['apartment', 'apartment', 'villa'],
    descriptionEn: 'Ready homes on the island beach, beside the new resort.',
    descriptionAr: 'منازل جاهزة على شاطئ الجزيرة بجوار المنتجع الجديد.',
  },
];

const SA: DemoProject[] = [
  {
    slug: 'riyadh-olaya-towers',
    en: 'Olaya Towers Riyadh',
    ar: 'أبراج العليا الرياض',
    developer: 'ROSHN',
    cityId: 'sa.riyadh',
    communityId: 'sa.riyadh.al-olaya',
    years: 2,
    startingPrice: 1_250_000,
    totalUnits: 260,
    area: 48_000,
    plan: [10, 60, 30],
    units: 6,
    layouts: ['apartment', 'apartment', 'duplex', 'penthouse'],
    descriptionEn: 'Apartments in the business heart of Riyadh, beside the metro.',
    descriptionAr: 'شقق في قلب الرياض التجاري بجوار المترو.',
  },
  {
    slug: 'riyadh-sedra-villas',
    en: 'Sedra Villas Riyadh',
    ar: 'فلل سدرة الرياض',
    developer: 'ROSHN',
    cityId: 'sa.riyadh',
    years: 1,
    startingPrice: 1_900_000,
    totalUnits: 120,
    area: 60_000,
    plan: [10, 40, 50],
    units: 5,
    layouts: ['villa', 'villa', 'townhouse'],
    descriptionEn: 'Family villas in a green community with schools and mosques nearby.',
    descriptionAr: 'فلل عائلية في حي أخضر بالقرب من المدارس والمساجد.',
  },
  {
    slug: 'riyadh-north-gardens',
    en: 'North Gardens Riyadh',
    ar: 'الحدائق الشمالية الرياض',
    developer: 'Dar Al Arkan',
    cityId: 'sa.riyadh',
    years: 0,
    startingPrice: 850_000,
    totalUnits: 300,
    area: 52_000,
    plan: [20, 0, 80],
    units: 8,
    layouts: ['apartment', 'apartment', 'townhouse'],
    descriptionEn: 'Ready apartments with gardens and a family club.',
    descriptionAr: 'شقق جاهزة مع حدائق ونادٍ عائلي.',
  },
  {
    slug: 'jeddah-corniche-residences',
    en: 'Corniche Residences Jeddah',
    ar: 'مساكن الكورنيش جدة',
    developer: 'Jeddah Central Development',
    cityId: 'sa.jeddah',
    years: 3,
    startingPrice: 1_450_000,
    totalUnits: 200,
    area: 41_000,
    plan: [10, 70, 20],
    units: 6,
    layouts: ['apartment', 'duplex', 'penthouse'],
    descriptionEn: 'Sea-view homes on the corniche with a private beach club.',
    descriptionAr: 'منازل مطلة على البحر على الكورنيش مع نادٍ شاطئي خاص.',
  },
  {
    slug: 'jeddah-obhur-waterfront',
    en: 'Obhur Waterfront Jeddah',
    ar: 'واجهة أبحر جدة',
    developer: 'Dar Al Arkan',
    cityId: 'sa.jeddah',
    years: 2,
    startingPrice: 2_600_000,
    totalUnits: 80,
    area: 35_000,
    plan: [20, 40, 40],
    units: 4,
    layouts: ['villa', 'townhouse', 'penthouse'],
    descriptionEn: 'Waterfront villas on the creek with private berths.',
    descriptionAr: 'فلل على الواجهة البحرية للخور مع مراسٍ خاصة.',
  },
  {
    slug: 'dammam-bay-homes',
    en: 'Bay Homes Dammam',
    ar: 'منازل الخليج الدمام',
    developer: 'Retal Urban Development',
    cityId: 'sa.dammam',
    years: 1,
    startingPrice: 780_000,
    totalUnits: 180,
    area: 39_000,
    plan: [10, 50, 40],
    units: 5,
    layouts: ['apartment', 'apartment', 'townhouse'],
    descriptionEn: 'Homes near the bay with parks and a shopping street.',
    descriptionAr: 'منازل قرب الخليج مع حدائق وشارع تسوق.',
  },
  {
    slug: 'khobar-corniche-towers',
    en: 'Corniche Towers Khobar',
    ar: 'أبراج كورنيش الخبر',
    developer: 'Retal Urban Development',
    cityId: 'sa.khobar',
    years: 2,
    startingPrice: 1_050_000,
    totalUnits: 160,
    area: 30_000,
    plan: [10, 60, 30],
    units: 7,
    layouts: ['studio', 'apartment', 'penthouse'],
    descriptionEn: 'Towers on the corniche with views over the gulf.',
    descriptionAr: 'أبراج على الكورنيش بإطلالات على الخليج.',
  },
  {
    slug: 'makkah-haram-view',
    en: 'Haram View Makkah',
    ar: 'إطلالة الحرم مكة المكرمة',
    developer: 'Jabal Omar Development',
    cityId: 'sa.makkah',
    years: 3,
    startingPrice: 2_200_000,
    totalUnits: 140,
    area: 22_000,
    plan: [20, 50, 30],
    units: 4,
    layouts: ['studio', 'apartment', 'apartment'],
    descriptionEn: 'Serviced apartments a short walk from the Grand Mosque.',
    descriptionAr: 'شقق مخدومة على مسافة قصيرة من المسجد الحرام.',
  },
  {
    slug: 'madinah-knowledge-residences',
    en: 'Knowledge Residences Madinah',
    ar: 'مساكن المعرفة المدينة المنورة',
    developer: 'Knowledge Economic City',
    cityId: 'sa.madinah',
    years: 0,
    startingPrice: 690_000,
    totalUnits: 220,
    area: 45_000,
    plan: [20, 0, 80],
    units: 3,
    layouts: ['apartment', 'townhouse', 'villa'],
    descriptionEn: 'Ready family homes in a planned district with schools and parks.',
    descriptionAr: 'منازل عائلية جاهزة في حي مخطط مع مدارس وحدائق.',
  },
  {
    slug: 'riyadh-diriyah-gate-homes',
    en: 'Diriyah Gate Homes',
    ar: 'منازل بوابة الدرعية',
    developer: 'Diriyah Company',
    cityId: 'sa.riyadh',
    years: 3,
    startingPrice: 3_400_000,
    totalUnits: 90,
    area: 70_000,
    plan: [10, 60, 30],
    units: 5,
    layouts: ['townhouse', 'villa', 'villa'],
    descriptionEn: 'Najdi-style homes beside the historic quarter.',
    descriptionAr: 'منازل بالطراز النجدي بجوار الحي التاريخي.',
  },
];

const BEDROOMS: Record<Layout, number> = {
  studio: 0,
  apartment: 2,
  duplex: 3,
  penthouse: 4,
  townhouse: 3,
  villa: 5,
};
const UNIT_AREA: Record<Site, Record<Layout, number>> = {
  ae: { studio: 450, apartment: 1_150, duplex: 2_100, penthouse: 3_600, townhouse: 2_400, villa: 5_200 },
  sa: { studio: 45, apartment: 120, duplex: 200, penthouse: 330, townhouse: 240, villa: 450 },
};
const PRICE_FACTOR: Record<Layout, number> = {
  studio: 1,
  apartment: 1.4,
  duplex: 2.1,
  penthouse: 3.5,
  townhouse: 2.2,
  villa: 3,
};

/** A fixed uuid (v7-shaped) for demo row `n` (projects 0x700…, their units 0x70000…). */
const fixedId = (n: number) => `01936000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

export const SEED_PROJECTS: Record<Site, DemoProject[]> = { ae: AE, sa: SA };

/** Inserts the demo projects and units that are missing, then publishes the drafts among them. */
export async function seedProjects(dataSource: DataSource): Promise<void> {
  const year = new Date().getUTCFullYear();
  for (const site of ['ae', 'sa'] as const) {
    const owner = SEED_PROJECT_OWNER[site];
    for (const [index, demo] of SEED_PROJECTS[site].entries()) {
      const n = (site === 'ae' ? 0x700 : 0x780) + index;
      const id = fixedId(n);
      await dataSource.transaction(async (manager) => {
        const [inserted] = (await manager.query(
          `INSERT INTO "projects" ("id", "site", "slug", "company_id", "created_by", "title_en", "title_ar",
             "description_en", "description_ar", "developer", "licence_number", "city_id", "community_id",
             "total_area", "total_units", "available_units", "delivery_date", "starting_price",
             "payment_booking", "payment_construction", "payment_handover", "completion")
           VALUES ($1,$2,$3,$4,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21)
           ON CONFLICT DO NOTHING RETURNING "id"`,
          [
            id,
            site,
            demo.slug,
            owner,
            demo.en,
            demo.ar,
            demo.descriptionEn,
            demo.descriptionAr,
            demo.developer,
            `${site === 'ae' ? 'RERA' : 'REGA'}-${1000 + index * 37}`,
            demo.cityId,
            demo.communityId ?? null,
            demo.area,
            demo.totalUnits,
            Math.round(demo.totalUnits * (0.25 + (index % 4) * 0.15)),
            `${year + demo.years}-${String(3 + ((index * 3) % 9)).padStart(2, '0')}-30`,
            demo.startingPrice,
            ...demo.plan,
            demo.years === 0 ? 'ready' : 'offPlan',
          ],
        )) as { id: string }[];
        if (!inserted) return;
        await insertUnits(manager, site, id, n, demo);
        await publishDraft(manager, site, id);
      });
    }
  }
}

async function insertUnits(
  manager: EntityManager,
  site: Site,
  projectId: string,
  n: number,
  demo: DemoProject,
) {
  for (let u = 0; u < demo.units; u += 1) {
    const layout = demo.layouts[u % demo.layouts.length];
    const step = 1 + Math.floor(u / demo.layouts.length) * 0.06;
    const price = Math.round((demo.startingPrice * PRICE_FACTOR[layout] * step) / 1000) * 1000;
    // Most units are available; one in five reserved, the last of a long list sold.
    const status = u === 7 ? 'sold' : u % 5 === 4 ? 'reserved' : 'available';
    await manager.query(
      `INSERT INTO "project_units" ("id", "project_id", "site", "layout", "bedrooms", "area", "price", "reference", "status")
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT DO NOTHING`,
      [
        fixedId(n * 0x100 + u),
        projectId,
        site,
        layout,
        BEDROOMS[layout],
        Math.round(UNIT_AREA[site][layout] * step),
        Math.max(price, demo.startingPrice),
        `${String.fromCharCode(65 + (u % 4))}-${(u + 1) * 101}`,
        status,
      ],
    );
  }
}

/**
 * The first company listings learns of on a site adopts the seeded projects still owned by the
 * placeholder (see SEED_PROJECT_OWNER); they are announced again with their new owner.
 */
export async function adoptSeededProjects(
  manager: EntityManager,
  site: Site,
  companyId: string,
): Promise<void> {
  const adopted = (await manager.query(
    `SELECT "id", "status" FROM "projects" WHERE "site" = $1 AND "company_id" = $2 FOR UPDATE`,
    [site, SEED_PROJECT_OWNER[site]],
  )) as { id: string; status: string }[];
  if (!adopted.length) return;
  await manager.query(
    `UPDATE "projects" SET "company_id" = $2, "updated_at" = now() WHERE "id" = ANY($1::uuid[])`,
    [adopted.map((row) => row.id), companyId],
  );
  for (const row of adopted) if (row.status === 'published') await announceOwner(manager, site, row.id);
}

async function announceOwner(manager: EntityManager, site: Site, id: string) {
  const row = await projectRow(manager, `p."id" = $1`, [id]);
  if (row) await publishProjectEvent(manager, site, id, projectUpdatedV1, toPublicProject(row));
}
