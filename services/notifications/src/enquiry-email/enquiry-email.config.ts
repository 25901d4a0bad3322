import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { ConfigError } from '@manzil/nest-kit';

/**
 * What the enquiry e-mail needs, spread into the service's `envSchema`. Production: SMTP_URL and
 * MAIL_FROM (checked at boot, like identity's OTP e-mail); development and tests: the sandbox's
 * e-mail sink. IDENTITY_URL is where the agent's public contact is read (identity's directory).
 */
export const enquiryEmailEnv = {
  /** The sandbox's e-mail sink (`POST { to, subject, text, html }`); refused with NODE_ENV=production. */
  EMAIL_URL: z.url().optional(),
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//i.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  IDENTITY_URL: z.url().optional(),
};
export type EnquiryEmailConfig = z.infer<z.ZodObject<typeof enquiryEmailEnv>> & { NODE_ENV?: string };

export interface EnquiryEmailSettings {
  emailUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  identityUrl: string;
}

export function enquiryEmailSettings(config: EnquiryEmailConfig): EnquiryEmailSettings {
  if (config.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (config.EMAIL_URL)
      problems.push('EMAIL_URL (the sandbox e-mail sink) is refused with NODE_ENV=production');
    if (!config.SMTP_URL) problems.push('SMTP_URL is missing');
    if (!config.MAIL_FROM) problems.push('MAIL_FROM is missing');
    if (!config.IDENTITY_URL) problems.push('IDENTITY_URL is missing');
    if (problems.length) throw new ConfigError(`configuration error: ${problems.join('; ')}`);
  }
  return {
    emailUrl: config.SMTP_URL
      ? null
      : (config.EMAIL_URL ?? `http://127.0.0.1:${SERVICES.sandbox.port}/v1/email`),
    smtpUrl: config.SMTP_URL ?? null,
    mailFrom: config.MAIL_FROM ?? 'Manzil <no-reply@manzil.localhost>',
    identityUrl: config.IDENTITY_URL ?? `http://127.0.0.1:${SERVICES.identity.port}`,
  };
}
