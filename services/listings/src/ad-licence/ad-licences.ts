import { Injectable, Logger } from '@nestjs/common';
import { fieldMessage, licenceEndsAt, type PropertyFields, type RegulatorVerified } from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import type { Property } from '../properties/property.entity.js';
import { AdLicenceValidator, RegulatorUnreachableError } from './rega.client.js';

const licenceField = (key: 'rega.invalid' | 'rega.expired') =>
  new AppException('VALIDATION_FAILED', 422, [
    { field: 'regulator.adLicenseNumber', message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);

/** Regulator fields of the draft the licence fills when the owner left them empty. */
const FILLED_FROM_LICENCE = [
  'advertiserName',
  'advertiserMobile',
  'titleDeedNumber',
  'titleDeedType',
  'creationDate',
  'endDate',
  'region',
  'postalCode',
  'streetName',
  'buildingNumber',
  'additionalNumber',
  'planNumber',
  'landNumber',
  'propertyFace',
  'usage',
  'brokerageLicenseNumber',
  'adSource',
] as const;

/**
 * Asks the regulator about an ad licence and keeps what it confirmed on the listing. The call is
 * made outside any transaction (a slow regulator holds no row lock); its answer is written by
 * the caller's transaction.
 */
@Injectable()
export class AdLicences {
  private readonly logger = new Logger('ad-licence');

  constructor(private readonly validator: AdLicenceValidator) {}

  /**
   * The licence as the regulator confirms it, or a 422 naming `regulator.adLicenseNumber`
   * (unknown for this advertiser, or expired), or a 503 `REGA_UNAVAILABLE` (retry later).
   */
  async verify(advertiserId: string, adLicenseNumber: string): Promise<RegulatorVerified> {
    let answer;
    try {
      answer = await this.validator.check(advertiserId, adLicenseNumber);
    } catch (error) {
      if (!(error instanceof RegulatorUnreachableError)) throw error;
      this.logger.warn({ error: error.message, msg: 'REGA validator unreachable' });
      throw new AppException('REGA_UNAVAILABLE', 503);
    }
    if (answer.status === 'unknown') throw licenceField('rega.invalid');
    if (answer.status === 'expired') throw licenceField('rega.expired');
    return { ...answer.licence, verifiedAt: new Date().toISOString() };
  }

  /**
   * Keeps the confirmed licence on the property (what the public version will show, and when
   * the ad must come down), and fills the draft's empty regulator fields from it.
   */
  record(property: Property, verified: RegulatorVerified): void {
    property.regulatorVerified = verified;
    property.licenceEndsAt = licenceEndsAt(verified.endDate);
    const regulator: NonNullable<PropertyFields['regulator']> = { ...property.draft.regulator };
    for (const field of FILLED_FROM_LICENCE) {
      const value = verified[field];
      if (regulator[field] === undefined && value) regulator[field] = value;
    }
    regulator.advertiserId = verified.advertiserId;
    regulator.adLicenseNumber = verified.adLicenseNumber;
    regulator.isConstrained ??= verified.isConstrained;
    regulator.isPawned ??= verified.isPawned;
    property.draft = { ...property.draft, regulator };
  }
}

/** The licence the draft names, if both numbers are there. */
export function licenceNumbersOf(
  draft: PropertyFields,
): { advertiserId: string; adLicenseNumber: string } | null {
  const { advertiserId, adLicenseNumber } = draft.regulator ?? {};
  return advertiserId && adLicenseNumber ? { advertiserId, adLicenseNumber } : null;
}

/** Whether a property's licence has ended (a listing without one never does). */
export function licenceEnded(property: Pick<Property, 'licenceEndsAt'>, now = new Date()): boolean {
  return property.licenceEndsAt !== null && property.licenceEndsAt.getTime() <= now.getTime();
}
