import { Logger } from '@nestjs/common';
import { AppException } from './app.exception.js';
import { ConfigError } from './config.js';
import {
  DEFAULT_PROVIDER_TIMEOUT_MS,
  DEV_SMS_URL,
  mayHaveReachedProvider,
  ProviderOutcomeUnknown,
  UNIFONIC_MESSAGES_URL,
  type SmsEnv,
  type SmsSender,
} from './sms-port.js';

export * from './sms-port.js';

/**
 * The SMS port and its adapters, shared by identity (OTPs) and notifications (notices): the
 * adapter is chosen by configuration and checked at boot.
 */

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
