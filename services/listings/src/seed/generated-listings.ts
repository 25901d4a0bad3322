import {
  demoAgents,
  PROPERTY_KINDS,
  type DemoAgent,
  type PropertyFields,
  type PropertyTypeSlug,
  type Site,
} from '@manzil/contracts';
import { locationRows, type LocationRow } from '../locations/location-data.js';
import { demoPhotoUrl } from '../media/demo-media.js';

/**
 * Realistic listings for the demo (issue 11 item 9): per site, every city of the master data,
 * every purpose (sale, rent, commercial sale and rent) and kind, titles, descriptions and
 * nearby places in English and Arabic, prices and areas in the ranges of each city, owned by
 * the roster's agents and companies (`demoAgents` of contracts, also seeded by identity).
 * Deterministic: one seeded generator, so every fresh start shows the same listings.
 */
export const GENERATED_PER_SITE = 312;

type Kind = (typeof PROPERTY_KINDS)[number];
type Purpose = 'buy' | 'rent';

export interface GeneratedListing {
  id: string;
  slug: string;
  agent: DemoAgent;
  demoPhotos: string[];
  draft: PropertyFields;
}

/** mulberry32: small, fast, good enough to pick demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** City weights: where the listings of a real portal are (Dubai and Riyadh first). */
const CITY_WEIGHTS: Record<Site, Record<string, number>> = {
  ae: { dubai: 40, 'abu-dhabi': 22, sharjah: 14, ajman: 12, 'ras-al-khaimah': 12 },
  sa: { riyadh: 30, jeddah: 24, dammam: 12, khobar: 12, makkah: 11, madinah: 11 },
};

/** Sale price of a square metre in each city (rough market figures, in the site's currency). */
const SQM_PRICE: Record<string, number> = {
  dubai: 17_000,
  'abu-dhabi': 12_500,
  sharjah: 7_500,
  ajman: 5_500,
  'ras-al-khaimah': 7_000,
  riyadh: 6_500,
  jeddah: 5_800,
  dammam: 4_200,
  khobar: 4_800,
  makkah: 9_000,
  madinah: 6_000,
};

const TYPE_WEIGHTS: [PropertyTypeSlug, number][] = [
  ['buy', 44],
  ['rent', 36],
  ['commercial-buy', 8],
  ['commercial-rent', 12],
];

const RESIDENTIAL: Record<Purpose, [Kind, number][]> = {
  buy: [
    ['apartment', 40],
    ['villa', 22],
    ['townhouse', 14],
    ['penthouse', 6],
    ['duplex', 8],
    ['land', 6],
    ['hotel-apartment', 4],
  ],
  rent: [
    ['apartment', 50],
    ['villa', 18],
    ['townhouse', 12],
    ['penthouse', 4],
    ['duplex', 6],
    ['hotel-apartment', 10],
  ],
};
const COMMERCIAL: [Kind, number][] = [
  ['office', 60],
  ['full-building', 22],
  ['land', 18],
];

interface KindFacts {
  en: string;
  ar: string;
  feminine: boolean;
  beds: [number, number];
  /** Built-up area range in square metres. */
  sqm: [number, number];
  photo: string;
}
const KINDS: Record<Kind, KindFacts> = {
  apartment: {
    en: 'apartment',
    ar: 'شقة',
    feminine: true,
    beds: [0, 4],
    sqm: [45, 260],
    photo: 'seafront-apartments.svg',
  },
  villa: { en: 'villa', ar: 'فيلا', feminine: true, beds: [3, 7], sqm: [250, 600], photo: 'palm-villa.svg' },
  townhouse: {
    en: 'townhouse',
    ar: 'تاون هاوس',
    feminine: false,
    beds: [2, 5],
    sqm: [170, 380],
    photo: 'townhouse-row.svg',
  },
  penthouse: {
    en: 'penthouse',
    ar: 'بنتهاوس',
    feminine: false,
    beds: [3, 6],
    sqm: [280, 800],
    photo: 'marina-towers.svg',
  },
  duplex: {
    en: 'duplex',
    ar: 'دوبلكس',
    feminine: false,
    beds: [3, 5],
    sqm: [200, 450],
    photo: 'desert-villa.svg',
  },
  land: { en: 'plot', ar: 'أرض', feminine: true, beds: [0, 0], sqm: [400, 2_500], photo: 'desert-villa.svg' },
  'hotel-apartment': {
    en: 'hotel apartment',
    ar: 'شقة فندقية',
    feminine: true,
    beds: [0, 2],
    sqm: [40, 140],
    photo: 'marina-towers.svg',
  },
  'full-building': {
    en: 'building',
    ar: 'مبنى',
    feminine: false,
    beds: [0, 0],
    sqm: [1_200, 6_000],
    photo: 'downtown-skyline.svg',
  },
  office: {
    en: 'office',
    ar: 'مكتب',
    feminine: false,
    beds: [0, 0],
    sqm: [60, 900],
    photo: 'office-tower.svg',
  },
};

/** [English, Arabic masculine, Arabic feminine]. */
const ADJECTIVES: [string, string, string][] = [
  ['Spacious', 'واسع', 'واسعة'],
  ['Modern', 'حديث', 'حديثة'],
  ['Bright', 'مشرق', 'مشرقة'],
  ['Renovated', 'مجدد', 'مجددة'],
  ['Elegant', 'أنيق', 'أنيقة'],
  ['Well-priced', 'بسعر مميز', 'بسعر مميز'],
  ['Corner', 'على الزاوية', 'على الزاوية'],
  ['Brand-new', 'جديد', 'جديدة'],
];

const VIEWS: [string, string][] = [
  ['a sea view', 'إطلالة على البحر'],
  ['a view of the park', 'إطلالة على الحديقة'],
  ['a city skyline view', 'إطلالة على أفق المدينة'],
  ['a quiet inner street', 'إطلالة على شارع داخلي هادئ'],
  ['a pool view', 'إطلالة على المسبح'],
];

const FACILITIES: [string, string][] = [
  ['Metro station', 'محطة المترو'],
  ['International school', 'مدرسة دولية'],
  ['Shopping mall', 'مركز تسوق'],
  ['Hospital', 'مستشفى'],
  ['Mosque', 'مسجد'],
  ['Public park', 'حديقة عامة'],
  ['Supermarket', 'سوبرماركت'],
  ['Main highway', 'الطريق السريع'],
];

const AMENITIES = [
  'balcony',
  'shared-pool',
  'private-pool',
  'gym',
  'covered-parking',
  'security',
  'central-ac',
  'built-in-wardrobes',
  'maids-room',
  'kids-play-area',
  'concierge',
  'private-garden',
];

const PHOTOS = [
  'marina-towers.svg',
  'downtown-skyline.svg',
  'townhouse-row.svg',
  'palm-villa.svg',
  'office-tower.svg',
  'seafront-apartments.svg',
  'desert-villa.svg',
];

const SQFT_PER_SQM = 10.7639;

function bedsEn(beds: number, kind: Kind): string {
  if (KINDS[kind].beds[1] === 0) return '';
  return beds === 0 ? 'studio ' : `${beds}-bedroom `;
}

function bedsAr(beds: number, kind: Kind): string {
  if (KINDS[kind].beds[1] === 0) return '';
  if (beds === 0) return ' استوديو';
  if (beds === 1) return ' بغرفة نوم واحدة';
  if (beds === 2) return ' بغرفتي نوم';
  return beds <= 10 ? ` من ${beds} غرف نوم` : ` من ${beds} غرفة نوم`;
}

const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/** The site's listings: same input, same output. */
export function generatedListings(site: Site): GeneratedListing[] {
  const random = seededRandom(site === 'ae' ? 971 : 966);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const weighted = <T>(items: [T, number][]): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    let at = random() * total;
    for (const [item, weight] of items) if ((at -= weight) < 0) return item;
    return items[items.length - 1][0];
  };
  const sample = <T>(items: readonly T[], count: number): T[] =>
    [...items].sort(() => random() - 0.5).slice(0, count);

  const rows = locationRows().filter((row) => row.site === site);
  const childrenOf = (parent: LocationRow) => rows.filter((row) => row.parentId === parent.id);
  const cities = rows.filter((row) => row.level === 'city');
  const cityWeights = cities.map((city): [LocationRow, number] => [
    city,
    CITY_WEIGHTS[site][city.id.split('.')[1]] ?? 10,
  ]);
  const agents = demoAgents(site);
  const sqm = site === 'sa';
  const siteHex = site === 'ae' ? 'ae' : '5a';

  const listings: GeneratedListing[] = [];
  for (let n = 1; n <= GENERATED_PER_SITE; n++) {
    // The first rounds walk every city and every purpose, so none is left without listings.
    const city = n <= cities.length ? cities[n - 1] : weighted(cityWeights);
    const type = n <= 4 ? TYPE_WEIGHTS[n - 1][0] : weighted(TYPE_WEIGHTS);
    const commercial = type.startsWith('commercial');
    const purpose: Purpose = type.endsWith('rent') ? 'rent' : 'buy';
    let kind = commercial ? weighted(COMMERCIAL) : weighted(RESIDENTIAL[purpose]);
    if (kind === 'land' && purpose === 'rent') kind = 'office';
    const facts = KINDS[kind];
    const community = pick(childrenOf(city));
    const subCommunities = childrenOf(community);
    const sub = subCommunities.length && random() < 0.5 ? pick(subCommunities) : undefined;
    const buildings = sub ? childrenOf(sub) : [];
    const building = buildings.length && random() < 0.6 ? pick(buildings) : undefined;
    const place = building ?? sub ?? community;

    const beds = between(...facts.beds);
    const baths =
      facts.beds[1] === 0 ? (kind === 'land' ? 0 : between(1, 4)) : Math.max(1, beds + between(0, 1));
    const areaSqm = round(between(...facts.sqm) * (1 + beds * 0.08), 5);
    const area = sqm ? areaSqm : round(areaSqm * SQFT_PER_SQM, 10);
    const citySlug = city.id.split('.')[1];
    const salePrice = areaSqm * SQM_PRICE[citySlug] * (0.8 + random() * 0.5) * (kind === 'land' ? 0.45 : 1);
    const yearly = round(salePrice * (0.055 + random() * 0.02), 1_000);

    const [adjEn, adjArM, adjArF] = pick(ADJECTIVES);
    const adjAr = facts.feminine ? adjArF : adjArM;
    /** Arabic agrees with the kind's gender (شقة مفروشة، مكتب مفروش). */
    const g = (masculine: string, feminine: string) => (facts.feminine ? feminine : masculine);
    const [viewEn, viewAr] = pick(VIEWS);
    const near = sample(FACILITIES, 3);
    const amenities = kind === 'land' ? [] : sample(AMENITIES, between(3, 7));
    const purposeEn = purpose === 'rent' ? 'for rent' : 'for sale';
    const purposeAr = purpose === 'rent' ? 'للإيجار' : 'للبيع';
    const agent = agents[(n * 7 + between(0, agents.length - 1)) % agents.length];
    const cover = random() < 0.7 ? facts.photo : pick(PHOTOS);
    const photos = [
      cover,
      ...sample(
        PHOTOS.filter((photo) => photo !== cover),
        between(3, 5),
      ),
    ];
    const furnishing =
      kind === 'land' ? undefined : pick(['unfurnished', 'semiFurnished', 'furnished'] as const);

    const titleEn = `${adjEn} ${bedsEn(beds, kind)}${facts.en} ${purposeEn} in ${community.nameEn}`;
    const titleAr = `${facts.ar} ${adjAr}${bedsAr(beds, kind)} ${purposeAr} في ${community.nameAr}`;
    const where = { en: `${place.nameEn}, ${city.nameEn}`, ar: `${place.nameAr}، ${city.nameAr}` };
    const sizeEn = `${area.toLocaleString('en-US')} ${sqm ? 'sq m' : 'sq ft'}`;
    const sizeAr = `${area} ${sqm ? 'متر مربع' : 'قدم مربعة'}`;
    const description = {
      en: [
        `${adjEn} ${facts.en} in ${where.en}, ${sizeEn}, with ${viewEn}.`,
        kind === 'land'
          ? 'Freehold plot with road access on two sides, ready for building permits.'
          : `${furnishing === 'furnished' ? 'Fully furnished' : furnishing === 'semiFurnished' ? 'Semi-furnished' : 'Unfurnished'}, well maintained and ready to ${commercial ? 'use' : 'move in'}.`,
        `Close to: ${near.map(([en]) => en.toLowerCase()).join(', ')}.`,
        purpose === 'rent'
          ? 'Flexible cheques; viewing any day of the week.'
          : 'Title deed ready for transfer; mortgage-friendly.',
      ].join(' '),
      ar: [
        `${facts.ar} ${adjAr} في ${where.ar}، بمساحة ${sizeAr} مع ${viewAr}.`,
        kind === 'land'
          ? 'أرض تملك حر بواجهتين على الطريق، جاهزة لتراخيص البناء.'
          : `${furnishing === 'furnished' ? `${g('مفروش', 'مفروشة')} بالكامل` : furnishing === 'semiFurnished' ? `${g('مفروش', 'مفروشة')} جزئيًا` : g('غير مفروش', 'غير مفروشة')}، بحالة ممتازة ${commercial ? g('وجاهز للاستخدام', 'وجاهزة للاستخدام') : g('وجاهز للسكن', 'وجاهزة للسكن')}.`,
        `بالقرب من: ${near.map(([, ar]) => ar).join('، ')}.`,
        purpose === 'rent'
          ? 'دفعات مرنة، والمعاينة متاحة طوال الأسبوع.'
          : `صك الملكية جاهز للنقل، ${g('ومناسب', 'ومناسبة')} للتمويل العقاري.`,
      ].join(' '),
    };
    const draft: PropertyFields = {
      propertyType: type,
      kind,
      title: { en: titleEn, ar: titleAr },
      subTitle: where,
      description,
      nearestFacilities: {
        en: near.map(([en]) => en).join(', '),
        ar: near.map(([, ar]) => ar).join('، '),
      },
      ...(purpose === 'buy'
        ? { price: round(salePrice, 5_000) }
        : {
            priceYearly: yearly,
            ...(random() < 0.4 ? { priceMonthly: round((yearly / 12) * 1.1, 100) } : {}),
          }),
      // A plot's card shows its size as the area, and no rooms.
      ...(kind === 'land' ? { plotSize: area } : {}),
      bedrooms: beds,
      bathrooms: baths,
      builtUpArea: area,
      ...(kind === 'land' ? {} : { parking: between(0, 3), amenities }),
      ...(furnishing ? { furnishing } : {}),
      agreementType: pick([
        'exclusive-plus',
        'exclusive',
        'exclusive',
        'non-exclusive',
        'non-exclusive',
        'shared',
      ] as const),
      marketStatus:
        purpose === 'rent'
          ? 'secondaryReady'
          : pick(['offPlanPrimary', 'secondaryReady', 'resaleSecondary'] as const),
      occupancy: pick(['vacant', 'rented', 'vacantOnTransfer'] as const),
      facing: pick(['north', 'west', 'east', 'south'] as const),
      paymentMethod: pick(['cash', 'mortgaged'] as const),
      ...(commercial ? { fitOut: pick(['fitted', 'semiFitted', 'shell', 'core'] as const) } : {}),
      ...(purpose === 'rent' && !commercial ? { cheques: pick([1, 2, 4, 6, 12]) } : {}),
      cityId: city.id,
      communityId: community.id,
      ...(sub ? { subCommunityId: sub.id } : {}),
      ...(building ? { buildingId: building.id } : {}),
      latitude: Number(((place.latitude ?? community.latitude ?? 0) + (random() - 0.5) * 0.012).toFixed(5)),
      longitude: Number(
        ((place.longitude ?? community.longitude ?? 0) + (random() - 0.5) * 0.012).toFixed(5),
      ),
      ...(random() < 0.15 ? { videos: [`https://videos.manzil.example/${site}-${n}.mp4`] } : {}),
      referenceNumber: `MZ-${site.toUpperCase()}-${10_000 + n}`,
      ...(site === 'ae' && citySlug === 'dubai' ? { permitNumber: String(7_100_000_000 + n * 37) } : {}),
      ...(site === 'sa' ? { regulator: { adLicenseNumber: String(7_300_000_000 + n) } } : {}),
      agentId: agent.id,
    };
    listings.push({
      id: `01937000-0000-7000-8000-${siteHex}00000${String(n).padStart(5, '0')}`,
      slug: `${kind}-${type}-${community.id.split('.')[2]}-${siteHex}${n}`,
      agent,
      demoPhotos: photos.map(demoPhotoUrl),
      draft,
    });
  }
  return listings;
}
