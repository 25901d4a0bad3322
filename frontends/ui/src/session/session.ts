import { z } from 'zod';
import type { Role } from '@manzil/contracts';

/** Where the session lives in the browser (spec §4: token and refresh token stored locally). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const UNIQUE_ID_KEY = 'uniqueId';
export const TOKEN_COOKIE = 'token';

export type LoggedInRole = Exclude<Role, 'visitor'>;

/** Spec §3 "User session (decoded from the token)". */
export interface Session {
  role: LoggedInRole;
  name: string;
  picture: string | null;
}

const payloadSchema = z.object({
  role: z.enum(['user', 'agent', 'company', 'admin']),
  firstName: z.string().optional(),
  name: z.string().optional(),
  profile_pic: z.string().optional(),
  profilePic: z.string().optional(),
  logo: z.string().optional(),
  exp: z.number().optional(),
});

/** base64url → UTF-8 text without TextDecoder (names are often Arabic). */
function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const escaped = Array.from(binary, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join(
    '',
  );
  return decodeURIComponent(escaped);
}

/**
 * Reads the session from a JWT's payload WITHOUT verifying it: the token only tells the UI
 * what to show; every service verifies it on each request. An expired token is no session.
 */
export function decodeSession(token: string, nowMs: number = Date.now()): Session | null {
  const payloadSegment = token.split('.')[1];
  if (!payloadSegment) return null;
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(payloadSegment));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return null;
  const payload = parsed.data;
  if (payload.exp !== undefined && payload.exp * 1000 <= nowMs) return null;
  return {
    role: payload.role,
    name: payload.firstName ?? payload.name ?? '',
    picture: payload.profile_pic ?? payload.profilePic ?? payload.logo ?? null,
  };
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function readSession(): Session | null {
  const token = readToken();
  return token ? decodeSession(token) : null;
}

export function roleOf(session: Session | null): Role {
  return session?.role ?? 'visitor';
}

/** Spec §8: clear token, refresh token and stored unique id, and the token cookie. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  localStorage.removeItem(UNIQUE_ID_KEY);
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
