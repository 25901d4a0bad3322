import { Logger } from '@nestjs/common';
import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { AppException } from './app.exception.js';
import { ConfigError } from './config.js';

/**
 * The SMS port and its adapters, shared by identity (OTPs) and notifications (notices): the
 * adapter is chosen by configuration and checked at boot.
 */

/** The port OTPs and notices leave through; the adapter is chosen by configuration. */
export interface SmsSender {
  /** `to` in international form: "+971501234567". */
  send(to: string, body: string): Promise<void>;
}
export const SMS_SENDER = Symbol('SMS_SENDER');

/** How long a provider has to answer before the sender stops waiting (`SMS_TIMEOUT_MS`). */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 5000;

/**
 * The provider was asked but gave no answer in time (or the connection broke after the message
 * left): whether it took the message cannot be known. A sender that must never send twice
 * (notifications) records it and does not ask again; for anyone else (identity's OTPs) it is
 * the same 503 as a refusal. A provider that could not be reached, or that answered no, throws
 * a plain `AppException('SERVICE_UNAVAILABLE')`: nothing was sent, so asking again is safe.
 */
export class ProviderOutcomeUnknown extends AppException {
  constructor(readonly provider: string) {
    super('SERVICE_UNAVAILABLE');
    this.name = 'ProviderOutcomeUnknown';
  }
}

/**
 * Whether a failed `fetch` may have reached the provider with the request: it timed out (the
 * message may be on its way, or taken with the answer still to come), or the connection broke
 * once made (reset, closed, headers or body never came). A connection never made (refused,
 * unknown host, a bad port) left nothing: asking again is safe.
 */
export function mayHaveReachedProvider(error: unknown): boolean {
  const failure = error as { name?: string; cause?: { code?: string; name?: string } } | null;
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') return true;
  return [
    'ECONNRESET',
    'EPIPE',
    'UND_ERR_SOCKET',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
    'UND_ERR_ABORTED',
  ].includes(failure?.cause?.code ?? '');
}

/**
 * Posts to an HTTP SMS API shaped like Unifonic/Twilio (`POST { to, body }`), whose
 * development target is the sandbox's sink. The sink keeps every code readable by anyone,
 * so this adapter refuses to exist in production.
 */
export class SandboxSmsSender implements SmsSender {
  private readonly logger = new Logger('sms');

  constructor(
    private readonly url: string,
    nodeEnv: string,
    private readonly timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS,
  ) {
    if (nodeEnv === 'production') {
      throw new Error(
        'the sandbox SMS sink is refused with NODE_ENV=production: configure a real SMS provider adapter',
      );
    }
  }

  async send(to: string, body: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (mayHaveReachedProvider(error)) {
        this.logger.error({ err: error }, 'SMS provider did not answer: outcome unknown');
        throw new ProviderOutcomeUnknown('sms');
      }
      this.logger.error({ err: error }, 'SMS provider unreachable');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    if (!response.ok) {
      this.logger.error({ status: response.status }, 'SMS provider refused the message');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
  }
}

/**
 * SMS variables, spread into a sending service's `envSchema` (identity, notifications).
 * Production: Unifonic (the SMS provider most used in the Gulf), checked at boot; development
 * and tests: the sandbox's sink.
 */
export const smsEnv = {
  /** The sandbox's SMS sink (`POST { to, body }`); refused with NODE_ENV=production. */
  SMS_URL: z.url().optional(),
  /** Unifonic REST: the application's AppSid and the registered sender name. */
  UNIFONIC_APP_SID: z.string().trim().min(1).optional(),
  UNIFONIC_SENDER_ID: z.string().trim().min(1).max(11).optional(),
  /** Default: Unifonic's public REST endpoint. */
  UNIFONIC_URL: z.url().optional(),
  /** How long the provider has to answer (ms, default 5000); past it the outcome is unknown. */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).optional(),
};
export const smsEnvSchema = z.object(smsEnv);
export type SmsEnv = z.infer<typeof smsEnvSchema> & { NODE_ENV?: string };

export const UNIFONIC_MESSAGES_URL = 'https://el.cloud.unifonic.com/rest/SMS/messages';
export const DEV_SMS_URL = `http://127.0.0.1:${SERVICES.sandbox.port}/v1/sms`;

/**
 * The adapter for this configuration, checked at boot (a ConfigError stops the service):
 * Unifonic when its AppSid is set (required in production, where the sink is refused),
 * otherwise the sandbox's sink.
 */
export function createSmsSender(config: SmsEnv): SmsSender {
  if (config.NODE_ENV === 'production') {
    const problems: string[] = [];
    if (config.SMS_URL) problems.push('SMS_URL (the sandbox SMS sink) is refused with NODE_ENV=production');
    if (!config.UNIFONIC_APP_SID) problems.push('UNIFONIC_APP_SID is missing');
    if (!config.UNIFONIC_SENDER_ID) problems.push('UNIFONIC_SENDER_ID is missing');
    if (problems.length) throw new ConfigError(`configuration error: ${problems.join('; ')}`);
  }
  if (config.UNIFONIC_APP_SID) {
    if (!config.UNIFONIC_SENDER_ID)
      throw new ConfigError('configuration error: UNIFONIC_SENDER_ID is missing');
    return new UnifonicSmsSender(
      config.UNIFONIC_URL ?? UNIFONIC_MESSAGES_URL,
      config.UNIFONIC_APP_SID,
      config.UNIFONIC_SENDER_ID,
      config.SMS_TIMEOUT_MS,
    );
  }
  return new SandboxSmsSender(
    config.SMS_URL ?? DEV_SMS_URL,
    config.NODE_ENV ?? 'development',
    config.SMS_TIMEOUT_MS,
  );
}

/**
 * Unifonic's REST messages API: a form-encoded POST of AppSid, SenderID, Recipient (digits,
 * no "+") and Body, answered `{ success, message, errorCode, data }`; `success` may come as
 * a boolean or as the string "true".
 */
export class UnifonicSmsSender implements SmsSender {
  private readonly logger = new Logger('sms');

  constructor(
    private readonly url: string,
    private readonly appSid: string,
    private readonly senderId: string,
    private readonly timeoutMs = DEFAULT_PROVIDER_TIMEOUT_MS,
  ) {}

  async send(to: string, body: string): Promise<void> {
    const form = new URLSearchParams({
      AppSid: this.appSid,
      SenderID: this.senderId,
      Recipient: to.replace(/\D/g, ''),
      Body: body,
      responseType: 'JSON',
    });
    let answer: { success?: boolean | string; errorCode?: string; message?: string } = {};
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (mayHaveReachedProvider(error)) {
        this.logger.error({ err: error }, 'Unifonic did not answer: outcome unknown');
        throw new ProviderOutcomeUnknown('unifonic');
      }
      this.logger.error({ err: error }, 'Unifonic unreachable');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    try {
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      // An accepted status whose body never came whole: as unknown as no answer at all.
      if (response.ok) {
        this.logger.error({ err: error }, 'Unifonic answer unreadable: outcome unknown');
        throw new ProviderOutcomeUnknown('unifonic');
      }
    }
    if (response.ok && String(answer.success) === 'true') return;
    this.logger.error(
      { errorCode: answer.errorCode, message: answer.message },
      'Unifonic refused the message',
    );
    throw new AppException('SERVICE_UNAVAILABLE');
  }
}
