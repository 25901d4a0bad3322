import { z } from 'zod';
import { localizedTextSchema } from './listings.js';
import { paginationQuerySchema } from './envelope.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The public agent and company directory (spec §2: /find-real-estate-agent, /findCompanies,
 * /agents/[slug], /company/[slug]). Identity owns agents and companies; these read-only
 * endpoints show what a visitor may see of them. Names come in both languages: the Arabic
 * form falls back to the name as registered when none was given.
 */

/** `?page&limit&q`: `q` matches the name in either language (case-insensitive). */
export const directoryQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    q: z.string().trim().min(1).max(60).optional(),
  }),
);
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export const directorySlugParamsSchema = lazySchema(() =>
  z.object({ slug: z.string().trim().min(1).max(200) }),
);
export const agentIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** A company as the finder's card and an agent's card show it. */
export const publicCompanySummarySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    slug: z.string(),
    name: localizedTextSchema,
    logo: z.string().nullable(),
    orn: z.string().nullable(),
    headOffice: z.string().nullable(),
    /** Active agents of the company. */
    agentCount: z.number().int().min(0),
  }),
);
export type PublicCompanySummary = z.infer<typeof publicCompanySummarySchema>;

/** /company/[slug]: the card plus how to reach it and where its office is. */
export const publicCompanySchema = lazySchema(() =>
  publicCompanySummarySchema.extend({
    authorizedPerson: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
);
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** An agent as the finder and a company page list them. */
export const publicAgentSummarySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    slug: z.string(),
    name: localizedTextSchema,
    picture: z.string().nullable(),
    designation: z.string().nullable(),
    languages: z.array(z.string()),
    brn: z.string().nullable(),
    /** Null for a freelancer. */
    company: z
      .object({ id: z.uuid(), slug: z.string(), name: localizedTextSchema, logo: z.string().nullable() })
      .nullable(),
  }),
);
export type PublicAgentSummary = z.infer<typeof publicAgentSummarySchema>;

/** /agents/[slug]: the card plus the contact an agent card offers (call, WhatsApp, e-mail). */
export const publicAgentSchema = lazySchema(() =>
  publicAgentSummarySchema.extend({
    nationality: z.string().nullable(),
    bio: z.string().nullable(),
    email: z.string().nullable(),
    /** "+971501000003", or null. */
    phone: z.string().nullable(),
    whatsapp: z.boolean(),
  }),
);
export type PublicAgent = z.infer<typeof publicAgentSchema>;

/** Identity's public directory, relative to `/api/identity`. All GET, no login, paginated lists. */
export const DIRECTORY_API = {
  /** directoryQuerySchema → page of publicAgentSummarySchema (active, verified agents of the site). */
  agents: '/v1/directory/agents',
  /** → publicAgentSchema; 404 for an unknown, inactive or deleted agent. */
  agent: (slug: string) => `/v1/directory/agents/${encodeURIComponent(slug)}`,
  /** → publicAgentSchema by account id (a listing knows its agent's id, not the slug); 404 likewise. */
  agentById: (id: string) => `/v1/directory/agents/by-id/${encodeURIComponent(id)}`,
  /** directoryQuerySchema → page of publicCompanySummarySchema. */
  companies: '/v1/directory/companies',
  /** → publicCompanySchema. */
  company: (slug: string) => `/v1/directory/companies/${encodeURIComponent(slug)}`,
  /** paginationQuerySchema → page of publicAgentSummarySchema: the company's active agents. */
  companyAgents: (slug: string) => `/v1/directory/companies/${encodeURIComponent(slug)}/agents`,
} as const;

/**
 * The slug of an agent or company: its Latin name in kebab case and the first 8 hex digits
 * of its id (names repeat, ids do not). Identity's `accounts.slug` column computes the same.
 */
export function directorySlug(name: string, id: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const tail = id.slice(0, 8);
  return base ? `${base}-${tail}` : tail;
}
