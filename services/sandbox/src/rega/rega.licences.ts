/**
 * The ad licences the sandbox's REGA validator knows (INTEGRATIONS.md: valid, expired and
 * unknown licences for known test numbers). Dates are relative to the day of the request, so a
 * valid licence stays valid and an expired one expired whenever the demo or a test runs.
 */

export interface SeededLicence {
  advertiserId: string;
  adLicenseNumber: string;
  /** Days from today: the licence was created `createdDaysAgo` ago and ends in `endsInDays`. */
  createdDaysAgo: number;
  endsInDays: number;
  advertiserName: string;
  advertiserRole: 'broker' | 'owner' | 'developer';
  city: string;
  district: string;
  region: string;
  area: number;
  price: number;
  usage: string;
  isConstrained?: boolean;
  isPawned?: boolean;
  hasDisputes?: boolean;
}

export const SEEDED_LICENCES: readonly SeededLicence[] = [
  {
    // Valid: an individual broker in Riyadh (the listings tests' Al Malqa villa).
    advertiserId: '1012345678',
    adLicenseNumber: '7200001234',
    createdDaysAgo: 30,
    endsInDays: 335,
    advertiserName: 'Faisal Al Qahtani',
    advertiserRole: 'broker',
    region: 'Riyadh Region',
    city: 'Riyadh',
    district: 'Al Malqa',
    area: 450,
    price: 120_000,
    usage: 'residential',
  },
  {
    // Valid: an establishment (unified number) in Jeddah, mortgaged.
    advertiserId: '7001234567',
    adLicenseNumber: '7200005678',
    createdDaysAgo: 10,
    endsInDays: 80,
    advertiserName: 'Al Bawani Real Estate',
    advertiserRole: 'broker',
    region: 'Makkah Region',
    city: 'Jeddah',
    district: 'Al Shati',
    area: 210,
    price: 1_850_000,
    usage: 'residential',
    isPawned: true,
  },
  {
    // Expired: ended two days ago.
    advertiserId: '1012345678',
    adLicenseNumber: '7200009999',
    createdDaysAgo: 400,
    endsInDays: -2,
    advertiserName: 'Faisal Al Qahtani',
    advertiserRole: 'broker',
    region: 'Riyadh Region',
    city: 'Riyadh',
    district: 'Al Yasmin',
    area: 300,
    price: 2_400_000,
    usage: 'residential',
  },
];

/** Test numbers the README lists: any other pair is unknown to the regulator. */
export function findLicence(advertiserId: string, adLicenseNumber: string): SeededLicence | undefined {
  return SEEDED_LICENCES.find(
    (licence) => licence.advertiserId === advertiserId && licence.adLicenseNumber === adLicenseNumber,
  );
}

const day = (offsetDays: number, today: Date) =>
  new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The licence as the validator answers it (the provider's field names). */
export function advertisementOf(licence: SeededLicence, today = new Date()) {
  return {
    advertiserId: licence.advertiserId,
    advertiserName: licence.advertiserName,
    advertiserRole: licence.advertiserRole,
    phoneNumber: '+966500000000',
    brokerageAndMarketingLicenseNumber: `1200${licence.adLicenseNumber.slice(-6)}`,
    adLicenseNumber: licence.adLicenseNumber,
    deedNumber: `3101${licence.adLicenseNumber.slice(-8)}`,
    titleDeedTypeName: 'electronic',
    creationDate: day(-licence.createdDaysAgo, today),
    endDate: day(licence.endsInDays, today),
    operationType: 'display',
    propertyArea: licence.area,
    propertyPrice: licence.price,
    landTotalPrice: null,
    landTotalAnnualRent: null,
    propertyUsages: [licence.usage],
    propertyUtilities: ['electricity', 'water'],
    propertyFace: 'north',
    numberOfRooms: 5,
    planNumber: '3120',
    landNumber: '512',
    channels: ['LicensedPlatform'],
    obligationsOnTheProperty: null,
    guaranteesAndTheirDuration: null,
    complianceWithTheSaudiBuildingCode: true,
    isConstrained: licence.isConstrained ?? false,
    isPawned: licence.isPawned ?? false,
    isHalted: licence.hasDisputes ?? false,
    locationDescriptionOnMOJDeed: null,
    notes: null,
    qrCodeUrl: `https://qr.rega.gov.sa/ad/${licence.adLicenseNumber}`,
    adSource: 'REGA',
    location: {
      region: licence.region,
      city: licence.city,
      district: licence.district,
      street: null,
      postalCode: null,
      buildingNumber: null,
      additionalNumber: null,
      latitude: null,
      longitude: null,
    },
    borders: null,
  };
}
