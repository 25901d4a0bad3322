import { z } from 'zod';
import { roleSchema } from '../identity.js';

/** identity.account.registered v1: a new account exists (verified or not yet). */
export const accountRegisteredV1 = {
  type: 'identity.account.registered',
  version: 1,
  payload: z.object({
    accountId: z.uuid(),
    role: roleSchema,
    companyId: z.uuid().nullable(),
    language: z.enum(['en', 'ar']),
  }),
} as const;

/** identity.account.nafath-verified v1: the person behind the account proved their identity (Saudi). */
export const accountNafathVerifiedV1 = {
  type: 'identity.account.nafath-verified',
  version: 1,
  payload: z.object({ accountId: z.uuid(), verifiedAt: z.iso.datetime() }),
} as const;

/** identity.account.deleted v1: deletion was requested; other services drop or anonymise what they hold. */
export const accountDeletedV1 = {
  type: 'identity.account.deleted',
  version: 1,
  payload: z.object({ accountId: z.uuid(), eraseAfter: z.iso.datetime() }),
} as const;
