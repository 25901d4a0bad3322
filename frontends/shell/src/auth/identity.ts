import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { IDENTITY_API, LOGIN_TYPES, pageSchema, type Language, type LoginType } from '@manzil/contracts';
import { apiFetch, apiQueryFn, identityPath, type ApiFetchOptions } from '@manzil/ui';

/** A call to the identity service through the gateway (`/api/identity` + an IDENTITY_API path). */
export function identityFetch<T>(path: string, options: ApiFetchOptions<T>) {
  return apiFetch<T>(identityPath(path), options);
}

/**
 * The identity feature's reads in the shell: the account's profile and the companies an agent
 * can join. The session changes only with a full page load (login, logout), so the keys need
 * no account in them.
 */
export const identityKeys = {
  all: ['identity'] as const,
  profile: (language: Language) => ['identity', 'profile', language] as const,
  companies: (language: Language) => ['identity', 'companies', language] as const,
};

const companiesSchema = pageSchema(
  z.object({ id: z.string(), name: z.string(), logo: z.string().nullable().optional() }),
);

/** Companies an agent can join (the sign-up's select): the first hundred. */
export const companiesQuery = (language: Language) =>
  queryOptions({
    queryKey: identityKeys.companies(language),
    queryFn: apiQueryFn(identityPath(IDENTITY_API.companies), {
      language,
      query: { page: 1, limit: 100 },
      results: companiesSchema,
      endsSession: false,
    }),
  });

/** The `kind` of IDENTITY_API.login/register for a `?type=`. */
export type AccountKind = 'customer' | 'agent' | 'company';
export const KIND_OF_LOGIN_TYPE: Record<LoginType, AccountKind> = {
  Customer: 'customer',
  Agent: 'agent',
  Company: 'company',
};
export const LOGIN_TYPE_LIST = Object.keys(LOGIN_TYPES) as LoginType[];

/** `?type=` → a login type; anything else is Customer. */
export function loginTypeParam(value: string | null): LoginType {
  return LOGIN_TYPE_LIST.find((type) => type.toLowerCase() === value?.toLowerCase()) ?? 'Customer';
}

/** What resend-OTP and forgot-password answer (IDENTITY_API comments). */
export const otpTimingSchema = z.object({
  expiresInSeconds: z.number().int().positive(),
  resendInSeconds: z.number().int().nonnegative(),
});
export type OtpTiming = z.infer<typeof otpTimingSchema>;

export const uploadResultsSchema = z.object({ id: z.string().min(1), url: z.string().min(1) });

/** Uploads a picture or logo before the form that refers to it (multipart `file`). */
export async function uploadImage(file: File, language: Language): Promise<{ id: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  const envelope = await identityFetch(IDENTITY_API.uploads, {
    language,
    method: 'POST',
    body,
    results: uploadResultsSchema,
    endsSession: false,
  });
  return envelope.results;
}
