import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { AppException, ConfigError } from '@manzil/nest-kit/base';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
}

/** The port e-mails leave through; the adapter is chosen by configuration (`createEmailSender`). */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}
export const EMAIL_SENDER = Symbol('EMAIL_SENDER');

/**
 * E-mail variables, spread into identity's `envSchema`. Production: SMTP_URL and MAIL_FROM
 * (checked at boot); development and tests: the sandbox's sink at EMAIL_URL.
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
};
export const emailEnvSchema = z.object(emailEnv);
export type EmailEnv = z.infer<typeof emailEnvSchema> & { NODE_ENV?: string };

export const DEV_EMAIL_URL = `http://127.0.0.1:${SERVICES.sandbox.port}/v1/email`;
export const DEV_MAIL_FROM = 'Manzil <no-reply@manzil.localhost>';

/** `Name <a@b.c>` or `a@b.c`. */
const MAIL_FROM_PATTERN = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * The adapter for this configuration, checked at boot (a ConfigError stops the service with one line):
 * - NODE_ENV=production: SMTP through nodemailer; SMTP_URL and MAIL_FROM are required and the
 *   sandbox sink (EMAIL_URL) is refused — it keeps every code readable by anyone.
 * - otherwise: SMTP when SMTP_URL is set (e.g. a local mail catcher), else the sandbox's sink at
 *   EMAIL_URL (default the sandbox on this machine).
 */
export function createEmailSender(config: EmailEnv): EmailSender {
  const production = config.NODE_ENV === 'production';
  if (production) {
    const problems: string[] = [];
    if (config.EMAIL_URL)
      problems.push('EMAIL_URL (the sandbox e-mail sink) is refused with NODE_ENV=production: use SMTP_URL');
    if (!config.SMTP_URL) problems.push('SMTP_URL is missing');
    if (!config.MAIL_FROM) problems.push('MAIL_FROM is missing');
    if (problems.length) throw new ConfigError(`configuration error: ${problems.join('; ')}`);
  }
  if (config.MAIL_FROM && !MAIL_FROM_PATTERN.test(config.MAIL_FROM)) {
    throw new ConfigError(
      'configuration error: MAIL_FROM must be an address, e.g. "Manzil <no-reply@example.com>"',
    );
  }
  if (config.SMTP_URL) {
    return new SmtpEmailSender(
      nodemailer.createTransport(config.SMTP_URL),
      config.MAIL_FROM ?? DEV_MAIL_FROM,
    );
  }
  return new SandboxEmailSender(config.EMAIL_URL ?? DEV_EMAIL_URL, config.NODE_ENV ?? 'development');
}

/**
 * Posts to the sandbox's e-mail sink (`POST { to, subject, text, html }`), where tests and the
 * demo read the codes. Like the SMS sink adapter, it refuses to exist in production.
 */
export class SandboxEmailSender implements EmailSender {
  private readonly logger = new Logger('email');

  constructor(
    readonly url: string,
    nodeEnv: string,
  ) {
    if (nodeEnv === 'production') {
      throw new ConfigError(
        'configuration error: the sandbox e-mail sink is refused with NODE_ENV=production: set SMTP_URL and MAIL_FROM',
      );
    }
  }

  async send(email: OutgoingEmail): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(email),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      this.logger.error({ err: error }, 'e-mail sink unreachable');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    if (!response.ok) {
      this.logger.error({ status: response.status }, 'e-mail sink refused the message');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
  }
}

/** SMTP through nodemailer (production). */
export class SmtpEmailSender implements EmailSender {
  private readonly logger = new Logger('email');

  constructor(
    readonly transport: Transporter,
    readonly from: string,
  ) {}

  async send(email: OutgoingEmail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...email });
    } catch (error) {
      this.logger.error({ err: error }, 'SMTP server refused or unreachable');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
  }
}
