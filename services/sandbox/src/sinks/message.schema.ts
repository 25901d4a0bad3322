import { z } from 'zod';
import { pageSchema, paginationQuerySchema } from '@manzil/contracts';

const ARABIC_INDIC = /[٠-٩۰-۹]/g;

/** "+971 50-123 ٤٥٦٧" → "+971501234567": the same number however it was typed. */
export function normalizePhone(value: string): string {
  const latin = value.replace(ARABIC_INDIC, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));
  return latin.replace(/[^\d+]/g, '');
}

/** Unifonic/Twilio-like send request (JSON). */
export const sendSmsSchema = z.object({
  to: z
    .string()
    .min(4)
    .transform(normalizePhone)
    .pipe(z.string().regex(/^\+?\d{6,15}$/, 'invalid')),
  body: z.string().min(1).max(1600),
});
/** Test control: how many of the next SMS sends are refused (a provider that is down). */
export const smsFailuresSchema = z.object({ count: z.number().int().min(0).max(100) });
export type SmsFailures = z.infer<typeof smsFailuresSchema>;
/**
 * Test control: the next `count` sends of a channel are taken (kept in the sink) but answered only
 * after `ms`, as a provider that takes a message and answers late (a sender's timeout then cannot
 * know whether it was sent). `count` 0 clears it.
 */
export const sinkDelaySchema = z.object({
  count: z.number().int().min(0).max(100),
  ms: z.number().int().min(0).max(60_000),
});
export type SinkDelay = z.infer<typeof sinkDelaySchema>;

export const sendEmailSchema = z
  .object({
    to: z.email().transform((email) => email.toLowerCase()),
    subject: z.string().min(1).max(500),
    text: z.string().optional(),
    html: z.string().optional(),
  })
  .refine((email) => email.text !== undefined || email.html !== undefined, {
    message: 'required',
    path: ['text'],
  });

export const listSmsQuerySchema = paginationQuerySchema.extend({
  to: z.string().transform(normalizePhone).optional(),
});
export const listEmailQuerySchema = paginationQuerySchema.extend({
  to: z
    .string()
    .transform((email) => email.toLowerCase())
    .optional(),
});

export const smsMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  body: z.string(),
  /** The first 4–8 digit run of the body: the OTP a browser test or the demo types in. */
  code: z.string().nullable(),
  status: z.literal('delivered'),
  sentAt: z.string(),
});
export const emailMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  code: z.string().nullable(),
  status: z.literal('delivered'),
  sentAt: z.string(),
});
export const smsPageSchema = pageSchema(smsMessageSchema);
export const emailPageSchema = pageSchema(emailMessageSchema);

export type SendSms = z.infer<typeof sendSmsSchema>;
export type SendEmail = z.infer<typeof sendEmailSchema>;
export type ListSmsQuery = z.infer<typeof listSmsQuerySchema>;
export type ListEmailQuery = z.infer<typeof listEmailQuerySchema>;
export type SmsMessage = z.infer<typeof smsMessageSchema>;
export type EmailMessage = z.infer<typeof emailMessageSchema>;

export function codeIn(text: string | undefined | null): string | null {
  const latin = (text ?? '').replace(ARABIC_INDIC, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));
  return /(?<!\d)(\d{4,8})(?!\d)/.exec(latin)?.[1] ?? null;
}
