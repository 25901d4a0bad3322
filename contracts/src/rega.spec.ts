import { describe, expect, it } from '@jest/globals';
import { fieldMessage } from './errors.js';
import {
  adLicenceCheckRequestSchema,
  advertiserIdTypeOf,
  licenceEndsAt,
  regulatorVerifiedSchema,
  type RegulatorVerified,
} from './rega.js';

/** A licence as the regulator confirms it (used by the event contract tests too). */
export const regulatorVerifiedSample: RegulatorVerified = {
  adLicenseNumber: '7200001234',
  advertiserId: '1012345678',
  advertiserName: 'Faisal Al Qahtani',
  advertiserRole: 'broker',
  advertiserMobile: '+966501234567',
  brokerageLicenseNumber: '1200000123',
  titleDeedNumber: '310112345678',
  titleDeedType: 'electronic',
  creationDate: '2026-01-01',
  endDate: '2027-01-01',
  region: 'Riyadh',
  city: 'Riyadh',
  district: 'Al Malqa',
  postalCode: '13524',
  streetName: 'Anas Ibn Malik',
  buildingNumber: '8123',
  additionalNumber: '2456',
  planNumber: '3120',
  landNumber: '512',
  adMapCoordinates: { latitude: 24.812, longitude: 46.62 },
  area: 450,
  price: 120000,
  landTotalPrice: null,
  totalAnnualRent: 120000,
  usage: 'residential',
  propertyFace: 'north',
  utilities: ['electricity', 'water'],
  rooms: 5,
  channels: ['licensedPlatform'],
  borders: null,
  obligations: null,
  guarantees: null,
  buildingCodeCompliant: true,
  isConstrained: false,
  isPawned: false,
  hasDisputes: false,
  localDescription: null,
  notes: null,
  qrCodeUrl: 'https://rega.example/qr/7200001234',
  adSource: 'REGA',
  verifiedAt: '2026-02-01T10:00:00.000Z',
};

describe('REGA ad licence (contracts/rega)', () => {
  it('reads what the wizard types: Arabic-Indic digits, spaces; refuses a short advertiser id with its message', () => {
    expect(
      adLicenceCheckRequestSchema.parse({ advertiserId: '١٠١٢٣٤٥٦٧٨', adLicenseNumber: '72 0000 1234' }),
    ).toEqual({
      advertiserId: '1012345678',
      adLicenseNumber: '7200001234',
    });
    const refused = adLicenceCheckRequestSchema.safeParse({ advertiserId: '123', adLicenseNumber: 'abc' });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((i) => fieldMessage(i.message, 'ar'));
    expect(messages).toContain('يرجى إدخال رقم هوية المعلن (10 أرقام).');
    expect(fieldMessage('rega.expired', 'en')).toMatch(/expired/);
  });

  it('tells the id type from the advertiser id and ends a licence at the end of its day in Riyadh', () => {
    expect(advertiserIdTypeOf('1012345678')).toBe('national');
    expect(advertiserIdTypeOf('2012345678')).toBe('iqama');
    expect(advertiserIdTypeOf('7001234567')).toBe('unified');
    expect(licenceEndsAt('2027-01-01').toISOString()).toBe('2027-01-01T21:00:00.000Z');
    expect(regulatorVerifiedSchema.parse(regulatorVerifiedSample)).toEqual(regulatorVerifiedSample);
  });
});
