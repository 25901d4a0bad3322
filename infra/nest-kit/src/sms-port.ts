import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { AppException } from './app.exception.js';

// The SMS port, its variables and what senders share, without the adapters (so without
// @nestjs/common, whose Logger they use): `@manzil/nest-kit/base` exports this for the services'
// config schemas and e-mail senders, which their `cli.js` (migrate + seed at every `npm start`)
// loads too. `./sms.js` re-exports it with the adapters.

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
