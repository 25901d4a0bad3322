import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import {
  AppException,
  ConfigError,
  DEV_EMAIL_URL,
  DEV_MAIL_FROM,
  type EmailEnv,
  type OutgoingEmail,
} from '@manzil/nest-kit/base';

/** The port e-mails leave through; the adapter is chosen by configuration (`createEmailSender`). */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<void>;
}
export const EMAIL_SENDER = Symbol('EMAIL_SENDER');

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
  return new SandboxEmailSender(
    config.EMAIL_URL ?? DEV_EMAIL_URL,
    config.NODE_ENV ?? 'development',
    config.EMAIL_TIMEOUT_MS,
  );
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
    /** How long the sink has to answer (EMAIL_TIMEOUT_MS, default 5 s). */
    private readonly timeoutMs = 5000,
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
        signal: AbortSignal.timeout(this.timeoutMs),
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
