import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import {
  ConfigError,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  DEV_EMAIL_URL,
  DEV_MAIL_FROM,
  type EmailEnv,
  type OutgoingEmail,
  mayHaveReachedProvider,
  ProviderOutcomeUnknown,
  requireInProduction,
} from '@manzil/nest-kit/base';

/*
 * The e-mail port and its two adapters, as identity has them (otp/email-sender.ts): SMTP
 * through nodemailer in production, the sandbox's sink in development and tests. The variables
 * and the e-mail's shape are nest-kit's (`email-port.ts`); the adapters differ (this port
 * reports an unknown outcome, identity's answers the user at once) and stay here.
 */

export interface EmailSender {
  /**
   * Resolves when the provider took the message; rejects otherwise: `ProviderOutcomeUnknown`
   * when it may have taken it (no answer in time: never asked again), any other error when it
   * surely did not (the dispatcher retries).
   */
  send(email: OutgoingEmail): Promise<void>;
}
export const EMAIL_SENDER = Symbol('EMAIL_SENDER');

/** The adapter for this configuration, checked at boot (a ConfigError stops the service). */
export function createEmailSender(config: EmailEnv): EmailSender {
  requireInProduction(config, ['SMTP_URL', 'MAIL_FROM']);
  if (config.SMTP_URL)
    return new SmtpEmailSender(
      nodemailer.createTransport(config.SMTP_URL),
      config.MAIL_FROM ?? DEV_MAIL_FROM,
    );
  if (config.NODE_ENV === 'production')
    throw new ConfigError('configuration error: the sandbox e-mail sink is refused with NODE_ENV=production');
  return new SandboxEmailSender(config.EMAIL_URL ?? DEV_EMAIL_URL, config.EMAIL_TIMEOUT_MS);
}

export class SandboxEmailSender implements EmailSender {
  constructor(
    readonly url: string,
    readonly timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS,
  ) {}

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
      if (mayHaveReachedProvider(error)) throw new ProviderOutcomeUnknown('email');
      throw error;
    }
    if (!response.ok) throw new Error(`e-mail sink answered ${response.status}`);
  }
}

/**
 * Whether an SMTP failure leaves the message's fate unknown: a socket that went quiet once the
 * session was set up (nodemailer's `ETIMEDOUT` with `timeoutType` `SOCKET_TIMEOUT`, the only
 * timeout that can strike while the message is sent or its 250 awaited). Connecting, the
 * greeting and TLS time out before any message left; a reply code is a definite answer.
 */
export function smtpOutcomeUnknown(error: unknown): boolean {
  const failure = error as { code?: string; timeoutType?: string; responseCode?: number } | null;
  return (
    failure?.code === 'ETIMEDOUT' &&
    failure.responseCode === undefined &&
    !['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT'].includes(failure.timeoutType ?? '')
  );
}

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
      if (smtpOutcomeUnknown(error)) {
        this.logger.error({ err: error }, 'SMTP server went quiet while sending: outcome unknown');
        throw new ProviderOutcomeUnknown('smtp');
      }
      this.logger.error({ err: error }, 'SMTP server refused or unreachable');
      throw error;
    }
  }
}
