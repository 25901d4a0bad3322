import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';

// The e-mail settings of a service that sends mail (identity's codes, notifications' messages),
// without an adapter: neither nodemailer nor @nestjs/common, so a service's config (which its
// `cli.js` loads at every `npm start`) can take them. Each service's adapters are its own
// (`otp/email-sender.ts`, `email/email-sender.ts`).

/** An e-mail as the port takes it. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
}

/**
 * E-mail variables, spread into a service's `envSchema`. Production: SMTP_URL and MAIL_FROM
 * (checked at boot by the service's `createEmailSender`); development and tests: the sandbox's
 * sink at EMAIL_URL.
 */
export const emailEnv = {
  /** The sandbox's e-mail sink (`POST { to, subject, text, html }`); refused with NODE_ENV=production. */
  EMAIL_URL: z.url().optional(),
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`: the production adapter (nodemailer). */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//i.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  /** The From of every e-mail, e.g. `Manzil <no-reply@manzil.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** How long the sandbox's sink has to answer (ms, default 5000); past it the outcome is unknown. */
  EMAIL_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).optional(),
};

export const emailEnvSchema = z.object(emailEnv);
export type EmailEnv = z.infer<typeof emailEnvSchema> & { NODE_ENV?: string };

/** The sandbox's sink on this machine: the default outside production. */
export const DEV_EMAIL_URL = `http://127.0.0.1:${SERVICES.sandbox.port}/v1/email`;
/** The From outside production when MAIL_FROM is not set. */
export const DEV_MAIL_FROM = 'Manzil <no-reply@manzil.localhost>';
