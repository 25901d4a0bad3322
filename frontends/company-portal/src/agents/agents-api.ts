import { z } from 'zod';
import { IDENTITY_API, agentSummarySchema, pageSchema, type Language } from '@manzil/contracts';
import { ApiError, apiFetch, identityPath, type ApiFetchOptions } from '@manzil/ui';

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
