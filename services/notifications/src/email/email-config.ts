import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';

// The e-mail variables alone (no adapter, so neither nodemailer nor @nestjs/common): the
// service's config imports these, and `cli.js` (migrate + seed at every `npm start`) loads the
// config. `./email-sender.js` re-exports them.

export const emailEnv = {
  /** The sandbox's e-mail sink (`POST { to, subject, text, html }`); refused with NODE_ENV=production. */
  EMAIL_URL: z.url().optional(),
  /** `smtp://user:pass@host:587` or `smtps://…:465`: the production adapter (nodemailer). */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//i.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  /** The From of every e-mail, e.g. `Manzil <no-reply@manzil.example>`. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** How long the sandbox's sink has to answer (ms, default 5000); past it the outcome is unknown. */
  EMAIL_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).optional(),
};
export type EmailEnv = {
  EMAIL_URL?: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
  NODE_ENV?: string;
  EMAIL_TIMEOUT_MS?: number;
};

export const DEV_EMAIL_URL = `http://127.0.0.1:${SERVICES.sandbox.port}/v1/email`;
