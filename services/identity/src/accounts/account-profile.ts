import { SITE_FACTS, type AccountProfile, type AccountProfileWithEmail } from '@manzil/contracts';
import type { Account } from './account.entity.js';

/** Where a picture upload is served, as the browser reaches it through the gateway. */
export function uploadUrl(publicPath: string, uploadId: string): string {
  return `${publicPath}/v1/uploads/${uploadId}`;
}

export function pictureOf(account: Account, publicPath: string): string | null {
  if (account.pictureUploadId) return uploadUrl(publicPath, account.pictureUploadId);
  return account.pictureUrl;
}

/** /profile's view of an account (with whether its e-mail is verified). A Google-only account has no mobile yet: '' and the site's prefix. */
export function toProfile(account: Account, publicPath: string): AccountProfileWithEmail {
  return {
    id: account.id,
    role: account.role,
    site: account.site,
    firstName: account.firstName,
    lastName: account.lastName,
    name: account.name,
    email: account.email,
    countryCode: (account.countryCode ??
      SITE_FACTS[account.site].phonePrefix) as AccountProfile['countryCode'],
    mobile: account.mobile ?? '',
    picture: pictureOf(account, publicPath),
    language: account.language,
    verified: account.verified,
    emailVerified: account.emailVerified,
    isNafathVerified: account.nafathVerifiedAt !== null,
    companyId: account.companyId,
    nameAr: account.role === 'agent' || account.role === 'company' ? account.nameAr : null,
  };
}

export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}
