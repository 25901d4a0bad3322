import { z } from 'zod';
import type { Role } from '@manzil/contracts';

/** Where the session lives in the browser (spec §4: token and refresh token stored locally). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const UNIQUE_ID_KEY = 'uniqueId';
export const TOKEN_COOKIE = 'token';
/** Spec §4/§9: the token cookie lives 10 years (Chromium caps it at 400 days). */
const TOKEN_COOKIE_MAX_AGE = 10 * 365 * 24 * 60 * 60;
/** Fired on `window` whenever the stored session changes in this tab (login, refresh, logout). */
export const SESSION_EVENT = 'manzil:session';

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

export function readRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

/** Whether a token is stored but no longer readable as a session (expired): worth a refresh. */
export function hasStaleToken(nowMs: number = Date.now()): boolean {
  const token = readToken();
  return token !== null && decodeSession(token, nowMs) === null && readRefreshToken() !== null;
}

function notifySessionChange(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Calls back when the session changes in this tab or another one; returns the unsubscribe. */
export function subscribeSession(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) callback();
  };
  window.addEventListener(SESSION_EVENT, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_EVENT, callback);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Spec §4 logged out → logged in: token and refresh token in localStorage, the token also in
 * a cookie for 10 years.
 */
export function storeSession(
  tokens: { token: string; refresh_token: string },
  { notify = true }: { notify?: boolean } = {},
): void {
  localStorage.setItem(TOKEN_KEY, tokens.token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(tokens.token)}; path=/; max-age=${TOKEN_COOKIE_MAX_AGE}; SameSite=Lax`;
  // A sign-in followed by a full page load stays silent: were the open page told, its route
  // guard would first move it within the app, racing the page load that is already on its way.
  if (notify) notifySessionChange();
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
  notifySessionChange();
}

/**
 * Spec §2: the avatar shows the picture, or the name's first letter in a green circle when
 * there is none or it is the placeholder image.
 */
export function isPlaceholderPicture(picture: string | null | undefined): boolean {
  if (!picture || !picture.trim()) return true;
  const file = picture.split(/[?#]/)[0].split('/').pop()?.toLowerCase() ?? '';
  return /placeholder|default|no[-_]?image|avatar[-_]?blank|dummy/.test(file);
}

/** The letter of the green circle: the name's first letter (Arabic too), upper-cased. */
export function avatarLetter(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '•';
}
