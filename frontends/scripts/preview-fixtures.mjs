// Realistic stub data for the preview server: listings on both sites, in both languages.

const UAE_PLACES = [
  {
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
    lat: 25.08,
    lng: 55.14,
  },
  {
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Downtown Dubai', ar: 'وسط مدينة دبي' },
    lat: 25.19,
    lng: 55.27,
  },
  {
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Palm Jumeirah', ar: 'نخلة جميرا' },
    lat: 25.11,
    lng: 55.13,
  },
  {
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Jumeirah Village Circle', ar: 'قرية جميرا الدائرية' },
    lat: 25.06,
    lng: 55.2,
  },
  {
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Business Bay', ar: 'الخليج التجاري' },
    lat: 25.18,
    lng: 55.28,
  },
  {
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Arabian Ranches', ar: 'المرابع العربية' },
    lat: 25.05,
    lng: 55.27,
  },
  {
    city: { en: 'Abu Dhabi', ar: 'أبوظبي' },
    community: { en: 'Al Reem Island', ar: 'جزيرة الريم' },
    lat: 24.5,
    lng: 54.4,
  },
  {
    city: { en: 'Abu Dhabi', ar: 'أبوظبي' },
    community: { en: 'Saadiyat Island', ar: 'جزيرة السعديات' },
    lat: 24.54,
    lng: 54.43,
  },
];

const SAUDI_PLACES = [
  {
    city: { en: 'Riyadh', ar: 'الرياض' },
    community: { en: 'Al Malqa', ar: 'الملقا' },
    lat: 24.81,
    lng: 46.61,
  },
  { city: { en: 'Riyadh', ar: 'الرياض' }, community: { en: 'Hittin', ar: 'حطين' }, lat: 24.76, lng: 46.6 },
  {
    city: { en: 'Riyadh', ar: 'الرياض' },
    community: { en: 'As Sahafa', ar: 'الصحافة' },
    lat: 24.8,
    lng: 46.64,
  },
  {
    city: { en: 'Riyadh', ar: 'الرياض' },
    community: { en: 'Al Olaya', ar: 'العليا' },
    lat: 24.69,
    lng: 46.68,
  },
  { city: { en: 'Jeddah', ar: 'جدة' }, community: { en: 'Al Shati', ar: 'الشاطئ' }, lat: 21.59, lng: 39.11 },
  {
    city: { en: 'Jeddah', ar: 'جدة' },
    community: { en: 'Obhur Al Shamaliyah', ar: 'أبحر الشمالية' },
    lat: 21.74,
    lng: 39.12,
  },
  {
    city: { en: 'Al Khobar', ar: 'الخبر' },
    community: { en: 'Al Corniche', ar: 'الكورنيش' },
    lat: 26.29,
    lng: 50.22,
  },
];

const KINDS = {
  apartment: { en: 'apartment', ar: 'شقة' },
  villa: { en: 'villa', ar: 'فيلا' },
  townhouse: { en: 'townhouse', ar: 'تاون هاوس' },
  penthouse: { en: 'penthouse', ar: 'بنتهاوس' },
  office: { en: 'office', ar: 'مكتب' },
};

const AGENTS = [
  'Sara Al Hashimi',
  'Omar Khalid',
  'Priya Nair',
  'Faisal Al Qahtani',
  'Layla Haddad',
  'James Whitfield',
  'Noura Al Otaibi',
];
const AGREEMENTS = ['exclusive-plus', 'exclusive', 'non-exclusive', 'shared'];
/** contracts' AGREEMENT_BADGES. */
const BADGES = { 'exclusive-plus': 'PLATINUM', exclusive: 'GOLD', 'non-exclusive': 'SILVER', shared: null };
const FURNISHINGS = ['furnished', 'unfurnished', 'semiFurnished', null];
const slugOf = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const ADJECTIVES = [
  { en: 'Bright', ar: 'مشرقة' },
  { en: 'Spacious', ar: 'واسعة' },
  { en: 'Upgraded', ar: 'مجددة' },
  { en: 'Sea-view', ar: 'بإطلالة بحرية' },
  { en: 'Brand new', ar: 'جديدة' },
  { en: 'Corner', ar: 'على زاوية' },
];

function uuid(n) {
  const hex = n.toString(16).padStart(12, '0');
  return `5b1f6a2e-0c3d-4e8a-9f21-${hex}`;
}

function titleOf(kind, bedrooms, adjective, community, forRent) {
  const rooms =
    bedrooms === 0 ? { en: 'studio', ar: 'استوديو' } : { en: `${bedrooms}-bedroom`, ar: `${bedrooms} غرف` };
  const purpose = forRent ? { en: 'for rent', ar: 'للإيجار' } : { en: 'for sale', ar: 'للبيع' };
  const k = KINDS[kind];
  return {
    en: `${adjective.en} ${kind === 'apartment' && bedrooms === 0 ? 'studio' : `${rooms.en} ${k.en}`} ${purpose.en} in ${community.en}`,
    ar: `${k.ar} ${bedrooms === 0 ? rooms.ar : `${rooms.ar} نوم`} ${adjective.ar} ${purpose.ar} في ${community.ar}`,
  };
}

function build(site, propertyType, count, seed) {
  const places = site === 'ae' ? UAE_PLACES : SAUDI_PLACES;
  const commercial = propertyType.startsWith('commercial');
  const forRent = propertyType.endsWith('rent');
  const items = [];
  for (let i = 0; i < count; i++) {
    const n = seed + i;
    const place = places[n % places.length];
    const kind = commercial
      ? 'office'
      : ['apartment', 'villa', 'apartment', 'townhouse', 'penthouse', 'apartment'][n % 6];
    const bedrooms = commercial
      ? 0
      : kind === 'villa'
        ? 3 + (n % 4)
        : kind === 'townhouse'
          ? 3
          : n % 5 === 0
            ? 0
            : 1 + (n % 4);
    const base = site === 'ae' ? 850_000 : 720_000;
    const salePrice = base + ((n * 370_000) % 9_400_000) + (kind === 'villa' ? 3_500_000 : 0);
    const price = forRent ? Math.round(salePrice / 18 / 1000) * 1000 : salePrice;
    const area = site === 'ae' ? 420 + ((n * 173) % 4200) : 60 + ((n * 37) % 560) + 0.5 * (n % 2);
    items.push({
      id: uuid(n),
      site,
      slug: `${propertyType}-${site}-${n}`,
      title: titleOf(kind, bedrooms, ADJECTIVES[n % ADJECTIVES.length], place.community, forRent),
      propertyType,
      kind,
      price,
      currency: site === 'ae' ? 'AED' : 'SAR',
      bedrooms,
      bathrooms: Math.max(1, bedrooms === 0 ? 1 : bedrooms - (n % 2)),
      area,
      areaUnit: site === 'ae' ? 'sqft' : 'sqm',
      city: place.city,
      community: place.community,
      latitude: place.lat,
      longitude: place.lng,
      // One listing in eleven points at a photo that does not exist: the card shows its placeholder.
      coverPhoto: n % 11 === 7 ? '/preview-photos/missing.jpg' : `/preview-photos/${n}.svg`,
      agreementType: AGREEMENTS[n % AGREEMENTS.length],
      agentName: AGENTS[n % AGENTS.length],
      approvedAt: new Date(Date.UTC(2026, 9, 1 + (n % 28))).toISOString(),
      // What a search hit adds to the summary (contracts' searchHitSchema).
      purpose: forRent ? 'rent' : 'buy',
      commercial,
      displayPrice: { amount: price, period: forRent ? 'yearly' : 'total' },
      location: {
        city: { id: `${site}.${slugOf(place.city.en)}`, name: place.city },
        community: {
          id: `${site}.${slugOf(place.city.en)}.${slugOf(place.community.en)}`,
          name: place.community,
        },
        subCommunity: null,
        building: null,
      },
      subTitle: null,
      furnishing: FURNISHINGS[n % FURNISHINGS.length],
      marketStatus: n % 3 === 0 ? 'offPlanPrimary' : 'secondaryReady',
      amenities: n % 2 === 0 ? ['pool', 'gym'] : ['parking'],
      badge: BADGES[AGREEMENTS[n % AGREEMENTS.length]],
      photos: [`/preview-photos/${n}.svg`],
      photoCount: 1 + (n % 9),
      hasVideo: n % 4 === 0,
      hasTour: n % 5 === 0,
      agent: { id: null, name: AGENTS[n % AGENTS.length] },
      company: null,
      exactLocation: n % 13 !== 5,
    });
  }
  return items;
}

/** A search's facet counts over `items` (contracts' searchFacetsSchema; the cities as the location facet). */
export function facetsOf(items) {
  const count = (valueOf) => {
    const counts = new Map();
    for (const item of items) {
      const value = valueOf(item);
      if (value !== null && value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts].map(([value, n]) => ({ value, count: n }));
  };
  const cities = new Map();
  for (const { location } of items) {
    const city = cities.get(location.city.id) ?? {
      id: location.city.id,
      level: 'city',
      name: location.city.name,
      count: 0,
    };
    city.count += 1;
    cities.set(city.id, city);
  }
  return {
    propertyType: count((item) => item.propertyType),
    kind: count((item) => item.kind),
    bedrooms: count((item) => item.bedrooms),
    bathrooms: count((item) => item.bathrooms),
    furnishing: count((item) => item.furnishing),
    agreementType: count((item) => item.agreementType),
    marketStatus: count((item) => item.marketStatus),
    location: [...cities.values()],
  };
}

/** 26 for sale (two pages), 9 for rent, 3 commercial for sale, none commercial for rent (empty state). */
export const LISTINGS = {
  ae: {
    buy: build('ae', 'buy', 26, 1),
    rent: build('ae', 'rent', 9, 100),
    'commercial-buy': build('ae', 'commercial-buy', 3, 200),
    'commercial-rent': [],
  },
  sa: {
    buy: build('sa', 'buy', 26, 301),
    rent: build('sa', 'rent', 9, 400),
    'commercial-buy': build('sa', 'commercial-buy', 3, 500),
    'commercial-rent': [],
  },
};

const TYPE_NAMES = {
  buy: { en: 'Buy', ar: 'شراء' },
  rent: { en: 'Rent', ar: 'إيجار' },
  'commercial-buy': { en: 'Commercial sale', ar: 'تجاري للبيع' },
  'commercial-rent': { en: 'Commercial rent', ar: 'تجاري للإيجار' },
};

/** GET /api/content/v1/config results, shaped as contracts' siteConfigSchema. */
export function siteConfig(site, language) {
  const ae = site === 'ae';
  return {
    site,
    country: ae ? 'UAE' : 'Saudi',
    countryCode: site,
    currency: ae ? 'AED' : 'SAR',
    currencyLabel: language === 'ar' ? (ae ? 'د.إ' : '﷼') : ae ? 'AED' : 'SAR',
    areaUnit: ae ? 'sqft' : 'sqm',
    areaUnitLabel: language === 'ar' ? (ae ? 'قدم²' : 'م²') : ae ? 'sqft' : 'm²',
    phonePrefix: ae ? '+971' : '+966',
    propertyType: Object.entries(TYPE_NAMES).map(([slug, name]) => ({
      slug,
      status: 'active',
      name: name[language],
    })),
    staticContent: [
      { slug: 'about-us', publicSlug: 'about-us', publicSlugAr: 'من-نحن' },
      { slug: 'terms-and-conditions', publicSlug: 'terms-and-conditions', publicSlugAr: 'الشروط-والأحكام' },
      { slug: 'privacy-policy', publicSlug: 'privacy-policy', publicSlugAr: 'سياسة-الخصوصية' },
    ],
  };
}

/** An illustrated stand-in photo (no network here): a skyline under a warm sky. */
export function photoSvg(seed) {
  const skies = [
    ['#f7d9b5', '#9cc8e8'],
    ['#fbe3c4', '#f2a97e'],
    ['#d8ecf7', '#7fb3d9'],
    ['#fde8d0', '#c9b6e4'],
  ];
  const [top, bottom] = skies[seed % skies.length];
  const towers = [];
  let x = 0;
  for (let i = 0; x < 400; i++) {
    const w = 40 + ((seed * 7 + i * 13) % 50);
    const h = 90 + ((seed * 11 + i * 29) % 150);
    const shade = ['#3d5a6c', '#4f6d7a', '#6b8494', '#2f4858', '#587b8a'][(seed + i) % 5];
    towers.push(`<rect x="${x}" y="${300 - h}" width="${w - 4}" height="${h}" fill="${shade}"/>`);
    for (let wy = 300 - h + 10; wy < 290; wy += 16) {
      for (let wx = x + 6; wx < x + w - 12; wx += 12) {
        towers.push(
          `<rect x="${wx}" y="${wy}" width="6" height="8" fill="#fce9b8" opacity="${((wx + wy + seed) % 3) * 0.3 + 0.2}"/>`,
        );
      }
    }
    x += w;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="800" height="600" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bottom}"/><stop offset="1" stop-color="${top}"/></linearGradient></defs>
<rect width="400" height="300" fill="url(#s)"/><circle cx="${80 + ((seed * 37) % 240)}" cy="70" r="26" fill="#fff6da" opacity="0.9"/>
${towers.join('')}<rect y="292" width="400" height="8" fill="#2b3b36"/></svg>`;
}

const MENU_LINKS = {
  buy: ['/buy/properties-for-sale', '/شراء/عقارات-للبيع'],
  rent: ['/rent/properties-for-rent', '/ايجار/عقارات-للايجار'],
  'commercial-buy': ['/commercial/properties-for-sale', '/تجاري/عقارات-للبيع'],
  'commercial-rent': ['/commercial/properties-for-rent', '/تجاري/عقارات-للايجار'],
};

/** GET /api/content/v1/top-menus results (contracts' topMenuItemSchema): the listing types. */
export function topMenu() {
  return Object.entries(TYPE_NAMES).map(([slug, name], index) => ({
    _id: `00000000-0000-4000-8000-00000000000${index + 1}`,
    name: name.en,
    nameAr: name.ar,
    link: MENU_LINKS[slug][0],
    linkAr: MENU_LINKS[slug][1],
    menuSlug: slug,
  }));
}

/** GET /api/content/v1/admin-info results (contracts' adminInfoSchema), in the request's language. */
export function adminInfo(site, language) {
  const ae = site === 'ae';
  const address = ae
    ? { en: 'Office 1201, Marina Plaza, Dubai Marina, Dubai', ar: 'مكتب 1201، مارينا بلازا، دبي مارينا، دبي' }
    : { en: 'King Fahd Road, Al Olaya, Riyadh', ar: 'طريق الملك فهد، العليا، الرياض' };
  return {
    email: ae ? 'hello@manzil.ae' : 'hello@manzil.sa',
    mobile: ae ? '4 123 4567' : '11 123 4567',
    phonePrefix: ae ? '+971' : '+966',
    whatsapp: ae ? '97141234567' : '966111234567',
    addresses: [address[language]],
    facebookUrl: 'https://facebook.com/manzil',
    linkedinUrl: null,
    twitterUrl: null,
    youtubeUrl: null,
    instgramUrl: 'https://instagram.com/manzil',
    appStoreUrl: ae ? null : 'https://apps.apple.com/app/manzil',
    playStoreUrl: ae ? null : 'https://play.google.com/store/apps/details?id=manzil',
    licenceCertificateUrl: null,
  };
}
