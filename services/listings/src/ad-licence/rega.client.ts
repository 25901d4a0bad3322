import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { advertiserIdTypeOf, type RegulatorVerified } from '@manzil/contracts';
import type { RegaSettings } from './rega.config.js';

export const REGA_SETTINGS = Symbol('REGA_SETTINGS');

/** What the regulator says of an advertiser's ad licence. */
export type LicenceAnswer =
  | { status: 'valid'; licence: Omit<RegulatorVerified, 'verifiedAt'> }
  | { status: 'expired'; licence: Omit<RegulatorVerified, 'verifiedAt'> }
  | { status: 'unknown' };

/** The port listings checks ad licences through; `RegaAdvertisementValidator` is its adapter. */
export abstract class AdLicenceValidator {
  /** Throws `RegulatorUnreachableError` when no answer could be had. */
  abstract check(advertiserId: string, adLicenseNumber: string): Promise<LicenceAnswer>;
}

/** No answer from the regulator (down, timed out, or an answer we cannot read): try again later. */
export class RegulatorUnreachableError extends Error {}

const text = z.string().nullish();
const answerSchema = z.object({
  Body: z.object({
    result: z.object({
      isValid: z.boolean(),
      message: z.string().nullish(),
      advertisement: z
        .object({
          advertiserId: z.string(),
          advertiserName: z.string(),
          advertiserRole: text,
          phoneNumber: text,
          brokerageAndMarketingLicenseNumber: text,
          adLicenseNumber: z.string(),
          deedNumber: text,
          titleDeedTypeName: text,
          creationDate: z.iso.date(),
          endDate: z.iso.date(),
          propertyArea: z.coerce.number(),
          propertyPrice: z.coerce.number(),
          landTotalPrice: z.coerce.number().nullish(),
          landTotalAnnualRent: z.coerce.number().nullish(),
          propertyUsages: z.array(z.string()).nullish(),
          propertyUtilities: z.array(z.string()).nullish(),
          propertyFace: text,
          numberOfRooms: z.coerce.number().int().nullish(),
          planNumber: text,
          landNumber: text,
          channels: z.array(z.string()).nullish(),
          obligationsOnTheProperty: text,
          guaranteesAndTheirDuration: text,
          complianceWithTheSaudiBuildingCode: z.boolean().nullish(),
          isConstrained: z.boolean().nullish(),
          isPawned: z.boolean().nullish(),
          isHalted: z.boolean().nullish(),
          locationDescriptionOnMOJDeed: text,
          notes: text,
          qrCodeUrl: text,
          adSource: text,
          location: z.object({
            region: z.string(),
            city: z.string(),
            district: z.string(),
            street: text,
            postalCode: text,
            buildingNumber: text,
            additionalNumber: text,
            latitude: z.coerce.number().nullish(),
            longitude: z.coerce.number().nullish(),
          }),
          borders: z
            .record(
              z.string(),
              z.object({ name: text, description: text, length: z.coerce.number().nullish() }).nullish(),
            )
            .nullish(),
        })
        .nullish(),
    }),
  }),
});
type Advertisement = NonNullable<z.infer<typeof answerSchema>['Body']['result']['advertisement']>;

const ID_TYPES = { national: '1', iqama: '2', unified: '3' } as const;

/**
 * The production adapter of REGA's advertisement validator (INTEGRATIONS.md): the same code
 * talks to the regulator and, in development and tests, to the sandbox. Client id and secret
 * on every call; `idType` follows from the advertiser id.
 */
@Injectable()
export class RegaAdvertisementValidator extends AdLicenceValidator {
  constructor(@Inject(REGA_SETTINGS) private readonly settings: RegaSettings) {
    super();
  }

  async check(advertiserId: string, adLicenseNumber: string): Promise<LicenceAnswer> {
    const query = new URLSearchParams({
      adLicenseNumber,
      advertiserId,
      idType: ID_TYPES[advertiserIdTypeOf(advertiserId)],
    });
    let response: Response;
    try {
      response = await fetch(`${this.settings.url}/v2/brokerage/AdvertisementValidator?${query}`, {
        headers: {
          'X-IBM-Client-Id': this.settings.clientId,
          'X-IBM-Client-Secret': this.settings.clientSecret,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new RegulatorUnreachableError(error instanceof Error ? error.message : String(error));
    }
    const body: unknown = await response.json().catch(() => null);
    // Our credentials refused, or the gateway failing: the listing's data is not at fault.
    if (!response.ok) throw new RegulatorUnreachableError(`REGA answered ${response.status}`);
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new RegulatorUnreachableError('unexpected answer from REGA');
    const { isValid, advertisement } = parsed.data.Body.result;
    if (!advertisement) return { status: 'unknown' };
    const licence = licenceOf(advertisement);
    if (isValid) return { status: 'valid', licence };
    return licence.endDate < new Date().toISOString().slice(0, 10)
      ? { status: 'expired', licence }
      : { status: 'unknown' };
  }
}

const border = (
  value: { name?: string | null; description?: string | null; length?: number | null } | null | undefined,
) => ({
  name: value?.name ?? null,
  description: value?.description ?? null,
  length: value?.length ?? null,
});

/** The provider's names → the regulator fields of spec §3. */
function licenceOf(ad: Advertisement): Omit<RegulatorVerified, 'verifiedAt'> {
  const { location } = ad;
  return {
    adLicenseNumber: ad.adLicenseNumber,
    advertiserId: ad.advertiserId,
    advertiserName: ad.advertiserName,
    advertiserRole: ad.advertiserRole ?? 'broker',
    advertiserMobile: ad.phoneNumber ?? null,
    brokerageLicenseNumber: ad.brokerageAndMarketingLicenseNumber ?? null,
    titleDeedNumber: ad.deedNumber ?? null,
    titleDeedType: ad.titleDeedTypeName ?? null,
    creationDate: ad.creationDate,
    endDate: ad.endDate,
    region: location.region,
    city: location.city,
    district: location.district,
    postalCode: location.postalCode ?? null,
    streetName: location.street ?? null,
    buildingNumber: location.buildingNumber ?? null,
    additionalNumber: location.additionalNumber ?? null,
    planNumber: ad.planNumber ?? null,
    landNumber: ad.landNumber ?? null,
    adMapCoordinates:
      location.latitude != null && location.longitude != null
        ? { latitude: location.latitude, longitude: location.longitude }
        : null,
    area: ad.propertyArea,
    price: ad.propertyPrice,
    landTotalPrice: ad.landTotalPrice ?? null,
    totalAnnualRent: ad.landTotalAnnualRent ?? null,
    usage: ad.propertyUsages?.join(', ') ?? '',
    propertyFace: ad.propertyFace ?? null,
    utilities: ad.propertyUtilities ?? [],
    rooms: ad.numberOfRooms ?? null,
    channels: ad.channels ?? [],
    borders: ad.borders
      ? {
          north: border(ad.borders.north),
          south: border(ad.borders.south),
          east: border(ad.borders.east),
          west: border(ad.borders.west),
        }
      : null,
    obligations: ad.obligationsOnTheProperty ?? null,
    guarantees: ad.guaranteesAndTheirDuration ?? null,
    buildingCodeCompliant: ad.complianceWithTheSaudiBuildingCode ?? null,
    isConstrained: ad.isConstrained ?? false,
    isPawned: ad.isPawned ?? false,
    hasDisputes: ad.isHalted ?? false,
    localDescription: ad.locationDescriptionOnMOJDeed ?? null,
    notes: ad.notes ?? null,
    qrCodeUrl: ad.qrCodeUrl ?? null,
    adSource: ad.adSource ?? null,
  };
}
