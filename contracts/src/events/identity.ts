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

/**
 * identity.account.channels v1: how the platform may reach the account's holder with notices —
 * the language they chose, and the e-mail and mobile they proved (null while not proved, or when
 * there is none). Published for every role in the transaction of every change that can move
 * them (account created, mobile or e-mail proved, e-mail changed, language changed, a company
 * editing its agent). Notifications keeps the last one per account (its `recipients`) and sends
 * e-mail and SMS only to these addresses; `identity.account.deleted` ends them.
 */
export const accountChannelsV1 = {
  type: 'identity.account.channels',
  version: 1,
  payload: z.object({
    accountId: z.uuid(),
    role: roleSchema,
    language: z.enum(['en', 'ar']),
    /** The proved e-mail address, lower-cased, or null. */
    email: z.string().nullable(),
    /** The proved mobile with its country code, "+971501000003", or null. */
    phone: z.string().nullable(),
  }),
} as const;

/**
 * identity.agent.contact v1: how a visitor reaches an agent (the directory's call, WhatsApp and
 * e-mail), published whenever an agent account is created or its name, contact or status
 * changes. `listed` is false while the agent is not in the public directory (inactive, not
 * verified): readers then show no contact of theirs. Search keeps the last one per agent for the
 * property page's agent card; `identity.account.deleted` drops it.
 */
export const agentContactV1 = {
  type: 'identity.agent.contact',
  version: 1,
  payload: z.object({
    accountId: z.uuid(),
    companyId: z.uuid().nullable(),
    name: z.string(),
    /** The Arabic form of the name when the agent gave one (optional: older events lack it). */
    nameAr: z.string().nullable().optional(),
    /** "+971501000003" (country code and mobile), or null. */
    phone: z.string().nullable(),
    /** The mobile takes WhatsApp messages. */
    whatsapp: z.boolean(),
    email: z.string().nullable(),
    listed: z.boolean(),
  }),
} as const;

/**
 * identity.company.profile v1: a company's names in English and Arabic, published whenever a
 * company account is created or its names or status change (and for every company by
 * `directory:publish-contacts`). `listed` is false while the company is not in the public
 * directory. Listings keeps the last one per company and names the company in both languages
 * in `listing.approved` v2 (`company.name`, `company.nameAr`); `identity.account.deleted`
 * drops it.
 */
export const companyProfileV1 = {
  type: 'identity.company.profile',
  version: 1,
  payload: z.object({
    accountId: z.uuid(),
    name: z.string(),
    /** The Arabic form of the name, when the company gave one. */
    nameAr: z.string().nullable(),
    listed: z.boolean(),
  }),
} as const;
