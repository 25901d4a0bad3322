import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { IDENTITY_API, agentSummarySchema, pageSchema, type Language } from '@manzil/contracts';
import { ApiError, apiFetch, apiQueryFn, identityPath, type ApiFetchOptions } from '@manzil/ui';

export type AgentSummary = z.infer<typeof agentSummarySchema>;
export const agentsPageSchema = pageSchema(agentSummarySchema);

/**
 * One agent as the edit form needs it: the summary plus the fields of createAgentSchema.
 * ASSUMPTION (not in IDENTITY_API's comments): `GET IDENTITY_API.agent(id)` answers this.
 */
export const agentDetailSchema = agentSummarySchema.extend({
  whatsapp: z.boolean().optional(),
  nationality: z.string().nullable().optional(),
  languages: z.array(z.string()).optional(),
  bio: z.string().nullable().optional(),
  pictureId: z.string().nullable().optional(),
});
export type AgentDetail = z.infer<typeof agentDetailSchema>;

export function identityFetch<T>(path: string, options: ApiFetchOptions<T>) {
  return apiFetch<T>(identityPath(path), options);
}

export const AGENTS_PER_PAGE = 10;

/** The company's agents: one key per page and language, one per agent. */
export const agentKeys = {
  all: ['agents'] as const,
  lists: () => ['agents', 'list'] as const,
  page: (language: Language, page: number) => ['agents', 'list', { language, page }] as const,
  detail: (language: Language, id: string) => ['agents', 'detail', { language, id }] as const,
};

/** GET IDENTITY_API.agents?page&limit=10. */
export const agentsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: agentKeys.page(language, page),
    queryFn: apiQueryFn(identityPath(IDENTITY_API.agents), {
      language,
      query: { page, limit: AGENTS_PER_PAGE },
      results: agentsPageSchema,
    }),
  });

/** GET IDENTITY_API.agent(id): what the edit form needs. */
export const agentQuery = (language: Language, id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(language, id),
    queryFn: apiQueryFn(identityPath(IDENTITY_API.agent(id)), { language, results: agentDetailSchema }),
  });

/**
 * Adding an agent without an entitlement (no plan, or the plan's count reached). ASSUMPTION:
 * the service answers 402 (a 403 would end the session, spec §8).
 */
export function isEntitlementRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

export async function uploadPicture(file: File, language: Language): Promise<{ id: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  const envelope = await identityFetch(IDENTITY_API.uploads, {
    language,
    method: 'POST',
    body,
    results: z.object({ id: z.string(), url: z.string() }),
  });
  return envelope.results;
}
