import { z } from 'zod';
import {
  IDENTITY_API,
  loginResultsSchema,
  unverifiedResultsSchema,
  type Language,
  type LoginRequest,
  type LoginResults,
  type LoginType,
  type Site,
} from '@manzil/contracts';
import { ApiError, storeSession } from '@manzil/ui';
import { KIND_OF_LOGIN_TYPE, identityFetch } from './identity.js';
import {
  pendingVerification,
  savePendingVerification,
  type PendingVerification,
} from './pending-verification.js';

/** Spec §4 "Login outcome". */
export type LoginOutcome =
  | { kind: 'success'; results: LoginResults; to: '/' | '/profile' }
  | { kind: 'verify'; pending: PendingVerification }
  | { kind: 'toast'; message: string };

/** Success goes to /, or to /profile on the Saudi site when the user is not Nafath-verified. */
export function successTarget(results: LoginResults, site: Site): '/' | '/profile' {
  return site === 'sa' && !results.is_nafath_verified ? '/profile' : '/';
}

/** The unverified results may also say how long the OTP lives (optional). */
const unverifiedWithTimingSchema = unverifiedResultsSchema.extend({
  expiresInSeconds: z.number().int().positive().optional(),
  resendInSeconds: z.number().int().nonnegative().optional(),
});

/** A failed login: a 403 with unverified results → /otpVerify; otherwise the server's message. */
export function failedLoginOutcome(
  error: unknown,
  loginType: LoginType,
  fallbackMessage: string,
): LoginOutcome {
  if (error instanceof ApiError) {
    const unverified = unverifiedWithTimingSchema.safeParse(error.results);
    if (error.status === 403 && unverified.success) {
      return { kind: 'verify', pending: pendingVerification(unverified.data, loginType) };
    }
    if (error.message) return { kind: 'toast', message: error.message };
  }
  return { kind: 'toast', message: fallbackMessage };
}

/** POST the login (ONLY countryCode, mobile, password) and decide where it leads. */
export async function submitLogin(
  request: LoginRequest,
  loginType: LoginType,
  context: { site: Site; language: Language; fallbackMessage: string },
): Promise<LoginOutcome> {
  try {
    const envelope = await identityFetch(IDENTITY_API.login(KIND_OF_LOGIN_TYPE[loginType]), {
      language: context.language,
      method: 'POST',
      body: { countryCode: request.countryCode, mobile: request.mobile, password: request.password },
      results: loginResultsSchema,
      endsSession: false,
    });
    return { kind: 'success', results: envelope.results, to: successTarget(envelope.results, context.site) };
  } catch (error) {
    return failedLoginOutcome(error, loginType, context.fallbackMessage);
  }
}

export interface OutcomeEffects {
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  toast: (message: string) => void;
  /** Where a new session starts; a full page load by default (see enterApp). */
  enter?: (to: string) => void;
}

/**
 * Starts the logged-in app at `to` with a full page load: the route guard, the header and
 * every remote then start from the stored session, with no moment where the sign-in screen
 * is rendered for a logged-in role (which the guard would send to / instead of /profile).
 */
export function enterApp(to: string): void {
  window.location.replace(to);
}

/** Spec §4: store token, refresh token and cookie, then / or /profile. */
export function completeLogin(
  results: LoginResults,
  site: Site,
  enter: (to: string) => void = enterApp,
): void {
  storeSession(results, { notify: enter !== enterApp });
  enter(successTarget(results, site));
}

/** Stores the tokens and moves on, or carries the unverified account to /otpVerify, or toasts. */
export function applyLoginOutcome(outcome: LoginOutcome, effects: OutcomeEffects): void {
  if (outcome.kind === 'success') {
    const enter = effects.enter ?? enterApp;
    storeSession(outcome.results, { notify: enter !== enterApp });
    enter(outcome.to);
  } else if (outcome.kind === 'verify') {
    savePendingVerification(outcome.pending);
    effects.navigate('/otpVerify', { state: outcome.pending });
  } else {
    effects.toast(outcome.message);
  }
}
