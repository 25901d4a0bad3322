import { z } from 'zod';
import type { Language } from './site.js';
import { normalizeDigits } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The Saudi advertising licence (spec §3 Saudi regulator fields, INTEGRATIONS.md "REGA"): what
 * the wizard sends to have a licence checked, and what the regulator confirmed, shown on the
 * listing as "regulator-verified" information and carried by `listing.approved` v2.
 */

/** Digits as a person types them (Arabic-Indic accepted), spaces dropped. */
const digits = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value).replace(/\s+/g, '') : value),
    z.string({ message }).regex(new RegExp(`^\\d{${min},${max}}$`), message),
  );

/** An advertiser is a person (national ID 1…, iqama 2…) or an establishment (unified number 7…): 10 digits. */
export const advertiserIdSchema = digits(10, 10, 'rega.advertiserId');
export const adLicenseNumberSchema = digits(6, 20, 'rega.adLicenseNumber');

/** `POST /v1/properties/:id/ad-licence`: the wizard's ad-licence step asks the regulator. */
export const adLicenceCheckRequestSchema = lazySchema(() =>
  z.object({
    advertiserId: advertiserIdSchema,
    adLicenseNumber: adLicenseNumberSchema,
  }),
);
export type AdLicenceCheckRequest = z.infer<typeof adLicenceCheckRequestSchema>;

/** The kind of ID the validator is told (`idType`), from the advertiser id's first digit. */
export function advertiserIdTypeOf(advertiserId: string): 'national' | 'iqama' | 'unified' {
  if (advertiserId.startsWith('2')) return 'iqama';
  if (advertiserId.startsWith('7')) return 'unified';
  return 'national';
}

const border = lazySchema(() =>
  z.object({
    name: z.string().nullable(),
    description: z.string().nullable(),
    length: z.number().nullable(),
  }),
);

/**
 * What the regulator confirmed of an ad licence, at `verifiedAt`. The mandatory data of an ad
 * (advertiser name and role, licence numbers, location, area, price, usage, restrictions) is
 * never null; the rest is what the licence carries.
 */
export const regulatorVerifiedSchema = lazySchema(() =>
  z.object({
    adLicenseNumber: z.string(),
    advertiserId: z.string(),
    advertiserName: z.string(),
    advertiserRole: z.string(),
    advertiserMobile: z.string().nullable(),
    brokerageLicenseNumber: z.string().nullable(),
    titleDeedNumber: z.string().nullable(),
    titleDeedType: z.string().nullable(),
    creationDate: z.iso.date(),
    endDate: z.iso.date(),
    region: z.string(),
    city: z.string(),
    district: z.string(),
    postalCode: z.string().nullable(),
    streetName: z.string().nullable(),
    buildingNumber: z.string().nullable(),
    additionalNumber: z.string().nullable(),
    planNumber: z.string().nullable(),
    landNumber: z.string().nullable(),
    adMapCoordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
    area: z.number().nonnegative(),
    price: z.number().nonnegative(),
    landTotalPrice: z.number().nullable(),
    totalAnnualRent: z.number().nullable(),
    usage: z.string(),
    propertyFace: z.string().nullable(),
    utilities: z.array(z.string()),
    rooms: z.number().int().nullable(),
    channels: z.array(z.string()),
    borders: z.object({ north: border, south: border, east: border, west: border }).nullable(),
    obligations: z.string().nullable(),
    guarantees: z.string().nullable(),
    buildingCodeCompliant: z.boolean().nullable(),
    isConstrained: z.boolean(),
    isPawned: z.boolean(),
    hasDisputes: z.boolean(),
    localDescription: z.string().nullable(),
    notes: z.string().nullable(),
    qrCodeUrl: z.string().nullable(),
    adSource: z.string().nullable(),
    verifiedAt: z.iso.datetime(),
  }),
);
export type RegulatorVerified = z.infer<typeof regulatorVerifiedSchema>;

/**
 * When a licence ends: the end of its end date in Riyadh (UTC+3, no daylight saving), after
 * which the ad must come down (INTEGRATIONS.md).
 */
export function licenceEndsAt(endDate: string): Date {
  return new Date(new Date(`${endDate}T00:00:00+03:00`).getTime() + 86_400_000);
}

/** Messages of the ad-licence step and of the Dubai permit (field messages, en + ar). */
export const REGA_MESSAGES = {
  'rega.advertiserId': {
    en: 'Please enter the advertiser ID (10 digits).',
    ar: 'يرجى إدخال رقم هوية المعلن (10 أرقام).',
  },
  'rega.adLicenseNumber': {
    en: 'Please enter a valid ad licence number.',
    ar: 'يرجى إدخال رقم ترخيص الإعلان بشكل صحيح.',
  },
  'rega.invalid': {
    en: 'The Real Estate General Authority does not know this ad licence for this advertiser. Please check the advertiser ID and the licence number.',
    ar: 'لم تتعرّف الهيئة العامة للعقار على ترخيص الإعلان هذا لهذا المعلن. يرجى التحقق من رقم هوية المعلن ورقم ترخيص الإعلان.',
  },
  'rega.expired': {
    en: 'This ad licence has expired. Please renew it with the Real Estate General Authority.',
    ar: 'انتهت صلاحية ترخيص الإعلان هذا. يرجى تجديده لدى الهيئة العامة للعقار.',
  },
  'property.permitRequired': {
    en: 'Please enter the permit number (Trakheesi): it is required for Dubai listings.',
    ar: 'يرجى إدخال رقم التصريح (تراخيص)، فهو مطلوب لإعلانات دبي.',
  },
  'property.permitFormat': {
    en: 'The permit number must be 6 to 12 digits.',
    ar: 'يجب أن يتكون رقم التصريح من 6 إلى 12 رقمًا.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** Spec-free Trakheesi shape (INTEGRATIONS.md: validated for shape, no API): digits only. */
export const TRAKHEESI_PATTERN = /^\d{6,12}$/;
