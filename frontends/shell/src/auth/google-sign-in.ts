import { z } from 'zod';
import {
  IDENTITY_API,
  googleConfigSchema,
  googleSignInResultsSchema,
  loginResultsSchema,
  type GoogleSignInResults,
  type Language,
  type LoginResults,
  type LoginType,
} from '@manzil/contracts';
import { identityFetch, KIND_OF_LOGIN_TYPE, otpTimingSchema, type OtpTiming } from './identity.js';

/** The shell route the issuer sends the browser back to (in every role's allow-list as a visitor). */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
const STORAGE_KEY = 'manzil.googleSignIn';

/** What the browser remembers between leaving for Google and coming back (sessionStorage). */
const pendingSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  loginType: z.enum(['Customer', 'Agent', 'Company']),
});
export type PendingGoogleSignIn = z.infer<typeof pendingSchema>;

const ROLE_OF_KIND = { customer: 'user', agent: 'agent', company: 'company' } as const;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The authorization request: implicit flow, the ID token comes back in the fragment. */
export function authorizationUrl(
  config: { authorizationEndpoint: string; clientId: string },
  origin: string,
  pending: Pick<PendingGoogleSignIn, 'state' | 'nonce'>,
  language: Language,
): string {
  const url = new URL(config.authorizationEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', `${origin}${GOOGLE_CALLBACK_PATH}`);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('hl', language);
  url.searchParams.set('prompt', 'select_account');
  return url.toString();
}

/** Asks identity where to go, remembers state + nonce, and leaves for the issuer. */
export async function startGoogleSignIn(
  loginType: LoginType,
  language: Language,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const envelope = await identityFetch(IDENTITY_API.googleConfig, {
    language,
    results: googleConfigSchema,
    endsSession: false,
  });
  const pending: PendingGoogleSignIn = { state: randomToken(), nonce: randomToken(), loginType };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  go(authorizationUrl(envelope.results, window.location.origin, pending, language));
}

/** The remembered sign-in, used once. */
export function takePendingGoogleSignIn(): PendingGoogleSignIn | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type GoogleCallback =
  | { kind: 'token'; idToken: string; nonce: string; loginType: LoginType }
  | { kind: 'cancelled' }
  | { kind: 'invalid' };

/**
 * The issuer's answer in the fragment (`#id_token=…&state=…` or `#error=…`), checked against
 * what was remembered: a state that does not match (or nothing remembered) is refused.
 */
export function readGoogleCallback(hash: string, pending: PendingGoogleSignIn | null): GoogleCallback {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!pending || params.get('state') !== pending.state) return { kind: 'invalid' };
  if (params.get('error')) return { kind: 'cancelled' };
  const idToken = params.get('id_token');
  if (!idToken) return { kind: 'invalid' };
  return { kind: 'token', idToken, nonce: pending.nonce, loginType: pending.loginType };
}

/** The answer last read on this page, until the page that read it has shown it. */
let lastRead: GoogleCallback | null = null;

/**
 * The issuer's answer, read from the address bar and wiped from it (with the remembered sign-in)
 * the first time, and the same answer again when React throws that render away and renders
 * anew (a Suspense above the page, e.g. a chunk still loading on a busy machine): a second
 * read of the now empty fragment would refuse a good sign-in as "invalid". A new fragment
 * is always read afresh; `forgetGoogleCallback` ends the reuse once the page is on screen.
 */
export function consumeGoogleCallback(): GoogleCallback {
  const { hash, pathname } = window.location;
  if (hash || !lastRead) {
    lastRead = readGoogleCallback(hash, takePendingGoogleSignIn());
    window.history.replaceState(window.history.state, '', pathname);
  }
  return lastRead;
}

/** The page that read the answer is on screen: a later visit reads the address bar again. */
export function forgetGoogleCallback(): void {
  lastRead = null;
}

/**
 * POST the ID token (and our nonce) to identity: a session like any login, or (202) the
 * "prove it's you" step when an account holds the e-mail without having proved it, with the
 * server's explanation in the page's language.
 */
export async function completeGoogleSignIn(
  callback: Extract<GoogleCallback, { kind: 'token' }>,
  language: Language,
): Promise<{ results: GoogleSignInResults; message: string }> {
  const envelope = await identityFetch(IDENTITY_API.google, {
    language,
    method: 'POST',
    body: {
      idToken: callback.idToken,
      nonce: callback.nonce,
      role: ROLE_OF_KIND[KIND_OF_LOGIN_TYPE[callback.loginType]],
    },
    results: googleSignInResultsSchema,
    endsSession: false,
  });
  return { results: envelope.results, message: envelope.message };
}

/** The link step: a code to the account's verified mobile. */
export async function sendGoogleLinkOtp(ticket: string, language: Language): Promise<OtpTiming> {
  const envelope = await identityFetch(IDENTITY_API.googleLinkOtp, {
    language,
    method: 'POST',
    body: { ticket },
    results: otpTimingSchema,
    endsSession: false,
  });
  return envelope.results;
}

/** The link step: the account's password or the code → Google linked, a session. */
export async function linkGoogle(
  ticket: string,
  proof: { password: string } | { otp: string },
  language: Language,
): Promise<LoginResults> {
  const envelope = await identityFetch(IDENTITY_API.googleLink, {
    language,
    method: 'POST',
    body: { ticket, ...proof },
    results: loginResultsSchema,
    endsSession: false,
  });
  return envelope.results;
}

/** The link step declined: a separate account with the e-mail Google proved. */
export async function separateGoogleAccount(ticket: string, language: Language): Promise<LoginResults> {
  const envelope = await identityFetch(IDENTITY_API.googleSeparate, {
    language,
    method: 'POST',
    body: { ticket },
    results: loginResultsSchema,
    endsSession: false,
  });
  return envelope.results;
}
