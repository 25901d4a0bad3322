import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { EnquiryEmailSettings } from './enquiry-email.config.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends an e-mail: SMTP through nodemailer when SMTP_URL is set (production), else the
 * sandbox's sink. A failure throws, so the event is handled again later (at-least-once).
 */
export class EnquiryEmailSender {
  private readonly logger = new Logger('enquiry-email');
  private readonly smtp;

  constructor(private readonly settings: EnquiryEmailSettings) {
    this.smtp = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  }

  async send(email: OutgoingEmail): Promise<void> {
    if (this.smtp) {
      await this.smtp.sendMail({ from: this.settings.mailFrom, ...email });
      return;
    }
    const response = await fetch(this.settings.emailUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(email),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) {
      this.logger.error({ status: response.status }, 'e-mail sink refused the message');
      throw new Error(`e-mail sink answered ${response.status}`);
    }
  }
}

/** The agent's public contact, from identity's directory (by account id). */
export class AgentContacts {
  constructor(private readonly identityUrl: string) {}

  /** The agent's e-mail, or null for an agent the directory does not show (inactive, deleted, none). */
  async emailOf(site: string, agentId: string): Promise<string | null> {
    const response = await fetch(
      `${this.identityUrl}/v1/directory/agents/by-id/${encodeURIComponent(agentId)}`,
      {
        headers: { 'x-site': site, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      },
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`identity's directory answered ${response.status}`);
    const body = (await response.json()) as { results?: { email?: unknown } };
    const email = body.results?.email;
    return typeof email === 'string' && email.includes('@') ? email : null;
  }
}
