import {
  DUBAI_MORTGAGE_FEES,
  MORTGAGE_LIMITS,
  SITE_FACTS,
  type AccountProfileWithEmail,
  type AuctionDetail,
  type MortgageSettings,
  type PropertySummary,
  type PublicProject,
  type Requirement,
  type Site,
  type SiteConfig,
} from '@manzil/contracts';

/**
 * A published off-plan project as readers see it (`PublicProject`). Specs pass as overrides the
 * values they assert on or that their screen needs, so what a spec checks stands in the spec.
 */
export function publicProject(overrides: Partial<PublicProject> = {}): PublicProject {
  return {
    id: '0193a000-0000-7000-8000-000000000701',
    site: 'ae',
    slug: 'marina-crest-residences',
    title: { en: 'Marina Crest Residences', ar: 'مساكن مارينا كريست' },
    description: { en: '', ar: '' },
    developer: 'Emaar Properties',
    licenceNumber: null,
    city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
    community: null,
    totalArea: 310_000,
    areaUnit: 'sqft',
    totalUnits: 240,
    availableUnits: 60,
    deliveryDate: '2028-06-30',
    startingPrice: 1_350_000,
    currency: 'AED',
    paymentPlan: { booking: 10, construction: 60, handover: 30 },
    completion: 'offPlan',
    brochureUrl: null,
    companyId: '0193a000-0000-7000-8000-000000000a00',
    publishedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * An account's profile as `GET /v1/me` answers it: by default a verified customer of the UAE
 * site whose e-mail is confirmed. Specs pass as overrides the role, names and flags their screen
 * depends on or asserts.
 */
export function accountProfile(overrides: Partial<AccountProfileWithEmail> = {}): AccountProfileWithEmail {
  return {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-8a9b0c1d2e3f',
    role: 'user',
    site: 'ae',
    firstName: 'Mona',
    lastName: 'Saeed',
    name: 'Mona Saeed',
    email: 'mona@example.com',
    countryCode: '+971',
    mobile: '501234567',
    picture: null,
    language: 'en',
    verified: true,
    isNafathVerified: false,
    companyId: null,
    emailVerified: true,
    ...overrides,
  };
}

/** The site's config as the shell hands it to a page or remote, from the site's facts. */
export function siteConfig(site: Site): SiteConfig {
  const facts = SITE_FACTS[site];
  return {
    site,
    country: facts.country,
    countryCode: site,
    currency: facts.currency,
    currencyLabel: facts.currency,
    areaUnit: facts.areaUnit,
    areaUnitLabel: facts.areaUnit,
    phonePrefix: facts.phonePrefix,
    propertyType: [],
    staticContent: [],
  };
}

/**
 * Content's seeded mortgage settings of a site (services/content/src/seed/content.ts): the
 * limits of spec §9, AED with a 20 % minimum down payment on `ae`, SAR with 10 % on `sa`, and
 * the same fee rates.
 */
export function mortgageSettings(site: Site): MortgageSettings {
  return {
    ...MORTGAGE_LIMITS,
    currency: site === 'ae' ? 'AED' : 'SAR',
    minDownPaymentPercent: site === 'ae' ? 20 : 10,
    defaultInterestRate: 4.25,
    defaultTermYears: 25,
    defaultDownPaymentPercent: 20,
    fees: DUBAI_MORTGAGE_FEES,
  };
}

/**
 * An auction as its page reads it: by default live for the hour around now, at its starting
 * price of AED 1,500,000 in steps of 1,000, no bid yet and no bidding fee. Specs pass the id,
 * status, times and fee they depend on.
 */
export function auctionDetail(overrides: Partial<AuctionDetail> = {}): AuctionDetail {
  return {
    id: '0193a000-0000-7000-8000-000000000001',
    propertyId: '0193a000-0000-7000-8000-0000000000f1',
    status: 'live',
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    startingPrice: 1_500_000,
    currentPrice: 1_500_000,
    minIncrement: 1_000,
    minimumBid: 1_501_000,
    biddingFee: 0,
    currency: 'AED',
    bidCount: 0,
    property: null,
    winningPrice: null,
    closedAt: null,
    leading: null,
    ...overrides,
  };
}

/**
 * A public listing's card (`PropertySummary`): a two-bedroom apartment for sale in Dubai Marina.
 * Specs pass as overrides the values they assert on or that their screen needs.
 */
export function propertySummary(overrides: Partial<PropertySummary> = {}): PropertySummary {
  return {
    id: '0193a000-0000-7000-8000-0000000000a1',
    site: 'ae',
    slug: 'marina-apartment',
    title: { en: 'Marina apartment', ar: 'شقة في المارينا' },
    propertyType: 'buy',
    kind: 'apartment',
    price: 2_100_000,
    currency: 'AED',
    bedrooms: 2,
    bathrooms: 2,
    area: 1_200,
    areaUnit: 'sqft',
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: '/api/listings/v1/media/demo/marina-towers.svg',
    agreementType: 'exclusive',
    agentName: 'Sara Agent',
    approvedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A customer's open requirement (`Requirement`): buying an apartment in Dubai Marina, mortgage.
 * Specs pass as overrides the values they assert on or that their screen needs.
 */
export function requirement(overrides: Partial<Requirement> = {}): Requirement {
  return {
    id: '0195f3a0-0000-7000-8000-0000000000a1',
    name: 'Khalid',
    city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
    subLocation: 'Dubai Marina',
    budgetMin: 1_500_000,
    budgetMax: 2_000_000,
    areaMin: null,
    areaMax: null,
    propertyKind: 'apartment',
    requestType: 'buy',
    category: 'residential',
    unitType: null,
    finance: 'mortgage',
    status: 'open',
    agreementStatus: null,
    ownerName: null,
    email: 'khalid@example.com',
    phone: '+971501112223',
    description: null,
    userType: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}
