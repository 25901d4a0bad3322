import { z } from 'zod';
import { COUNTRY_CODES, IDENTITY_LIMITS, LOGIN_TYPES, OTP_PURPOSES, type LoginType } from '@manzil/contracts';

/**
 * What /otpVerify needs, carried in the router state AND sessionStorage so a reload keeps it.
 * Deadlines are absolute (ms since epoch) so the countdown survives a reload too.
 */
export const pendingVerificationSchema = z.object({
  countryCode: z.enum(COUNTRY_CODES),
  mobile: z.string().min(1),
  purpose: z.enum(OTP_PURPOSES),
  loginType: z.enum(Object.keys(LOGIN_TYPES) as [LoginType, ...LoginType[]]),
  expiresAt: z.number(),
  resendAt: z.number(),
});
export type PendingVerification = z.infer<typeof pendingVerificationSchema>;

const PENDING_KEY = 'manzil.otpVerify';
const RESET_KEY = 'manzil.resetPassword';

/** The returned data of an unverified login, a sign-up or a forgot-password → the pending state. */
export function pendingVerification(
  from: {
    countryCode: PendingVerification['countryCode'];
    mobile: string;
    purpose: PendingVerification['purpose'];
    expiresInSeconds?: number;
    resendInSeconds?: number;
  },
  loginType: LoginType,
  nowMs: number = Date.now(),
): PendingVerification {
  const expires = from.expiresInSeconds ?? IDENTITY_LIMITS.otpSeconds;
  const resend = from.resendInSeconds ?? IDENTITY_LIMITS.otpResendCooldownSeconds;
  return {
    countryCode: from.countryCode,
    mobile: from.mobile,
    purpose: from.purpose,
    loginType,
    expiresAt: nowMs + expires * 1000,
    resendAt: nowMs + resend * 1000,
  };
}

export function savePendingVerification(pending: PendingVerification): void {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
}

function parseStored<T>(schema: z.ZodType<T>, key: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The router state when there is one, else what a previous visit stored. */
export function readPendingVerification(state: unknown): PendingVerification | null {
  const fromState = pendingVerificationSchema.safeParse(state);
  return fromState.success ? fromState.data : parseStored(pendingVerificationSchema, PENDING_KEY);
}

export function clearPendingVerification(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** After the reset OTP: the token /resetPassword sends with the new password. */
export const pendingResetSchema = z.object({
  resetToken: z.string().min(1),
  loginType: pendingVerificationSchema.shape.loginType,
});
export type PendingReset = z.infer<typeof pendingResetSchema>;

export function savePendingReset(reset: PendingReset): void {
  sessionStorage.setItem(RESET_KEY, JSON.stringify(reset));
}
export function readPendingReset(state: unknown): PendingReset | null {
  const fromState = pendingResetSchema.safeParse(state);
  return fromState.success ? fromState.data : parseStored(pendingResetSchema, RESET_KEY);
}
export function clearPendingReset(): void {
  sessionStorage.removeItem(RESET_KEY);
}
