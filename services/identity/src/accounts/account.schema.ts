import { z } from 'zod';
import { siteSchema } from '@manzil/contracts';
import { ACCOUNT_ROLES, ACCOUNT_STATUSES, type Account } from './account.entity.js';

/** What an account looks like on the wire (the password hash never does). To move to contracts with the frontends' first use. */
export const accountViewSchema = z.object({
  id: z.uuid(),
  site: siteSchema,
  role: z.enum(ACCOUNT_ROLES),
  name: z.string(),
  mobile: z.string().nullable(),
  countryCode: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: z.string(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

export function toAccountView(account: Account): AccountView {
  return {
    id: account.id,
    site: account.site,
    role: account.role,
    name: account.name,
    mobile: account.mobile,
    countryCode: account.countryCode,
    email: account.email,
    status: account.status,
    createdAt: account.createdAt.toISOString(),
  };
}
