import { z } from 'zod';

export const NAFATH_STATUSES = ['WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED'] as const;
export type NafathStatus = (typeof NAFATH_STATUSES)[number];

const nationalId = z
  .string()
  .trim()
  .regex(/^[12]\d{9}$/, 'nationalId must be 10 digits starting with 1 or 2');

/** `POST /api/v1/mfa/request?local=ar|en&requestId=<uuid>` */
export const mfaRequestQuerySchema = z.object({
  local: z.enum(['ar', 'en']).default('ar'),
  requestId: z.uuid(),
});
export const mfaRequestBodySchema = z.object({
  nationalId,
  service: z.string().trim().min(1).max(100),
});
export const mfaRequestResultSchema = z.object({ transId: z.uuid(), random: z.string().regex(/^\d{2}$/) });

/** `POST /api/v1/mfa/request/status` */
export const mfaStatusBodySchema = z.object({
  nationalId,
  transId: z.uuid(),
  random: z.coerce.string().regex(/^\d{2}$/),
});
export const mfaStatusResultSchema = z.object({ status: z.enum(NAFATH_STATUSES) });

export type MfaRequestQuery = z.infer<typeof mfaRequestQuerySchema>;
export type MfaRequestBody = z.infer<typeof mfaRequestBodySchema>;
export type MfaStatusBody = z.infer<typeof mfaStatusBodySchema>;

/** What the sandbox keeps of one request. */
export interface NafathTransaction {
  transId: string;
  requestId: string;
  nationalId: string;
  service: string;
  local: 'ar' | 'en';
  random: string;
  createdAt: string;
  expiresAt: string;
}

/** The outcome of posting the callback, as the test controls report it. */
export interface CallbackDelivery {
  url: string | null;
  /** HTTP status of the platform's answer; null when not delivered. */
  status: number | null;
  error?: string;
}

/** The sandbox's own error shape on the provider endpoints (decision: see the README). */
export class NafathError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
