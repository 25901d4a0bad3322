import Stripe from 'stripe';
import type { ServiceConfig } from '../config.js';

export const STRIPE = Symbol('STRIPE');

/**
 * The official client. Without STRIPE_API_URL it talks to Stripe; with it (development,
 * tests) to the sandbox, which speaks the same API: the code under test is the production
 * adapter. Retries are the client's own (idempotency keys included).
 */
export function stripeClient(config: Pick<ServiceConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 15_000, telemetry: false };
  if (config.STRIPE_API_URL) {
    const url = new URL(config.STRIPE_API_URL);
    const protocol = url.protocol === 'https:' ? 'https' : 'http';
    options.host = url.hostname;
    options.port = url.port || (protocol === 'https' ? 443 : 80);
    options.protocol = protocol;
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}

/** Stripe amounts are in the currency's minor unit (fils, halalas): exact from a numeric string. */
export function toMinorUnits(amount: string): number {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
