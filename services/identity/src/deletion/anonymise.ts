import type { EntityManager } from 'typeorm';
import { Account } from '../accounts/account.entity.js';

/**
 * Erases what identifies a person and keeps the row (its id is referenced by listings,
 * appointments, orders elsewhere): names, mobile, e-mail, password, national ID, picture
 * and the agent/company details. Returns the picture upload to remove, if any.
 */
export async function anonymiseAccount(
  manager: EntityManager,
  account: Account,
  now: Date,
): Promise<string | null> {
  const upload = account.pictureUploadId;
  await manager.update(
    Account,
    { id: account.id },
    {
      status: 'deleted',
      name: 'Deleted account',
      firstName: null,
      lastName: null,
      // Free the number for a new account, and keep (site, country_code, mobile) unique.
      mobile: null,
      countryCode: null,
      email: null,
      passwordHash: null,
      googleSubject: null,
      nationalId: null,
      pictureUploadId: null,
      pictureUrl: null,
      whatsapp: false,
      nationality: null,
      languages: [],
      designation: null,
      brn: null,
      orn: null,
      bio: null,
      authorizedPerson: null,
      headOffice: null,
      latitude: null,
      longitude: null,
      anonymisedAt: now,
    },
  );
  return upload;
}
