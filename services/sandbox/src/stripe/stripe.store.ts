import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@manzil/nest-kit';
import type { StripeSandboxOptions } from './stripe.config.js';
import type { Charge, CheckoutSession, Refund, StripeEvent } from './stripe.schema.js';

export const STRIPE_OPTIONS = Symbol('STRIPE_OPTIONS');
/** Sessions and events stay readable a week, like the sinks. */
const KEEP_SECONDS = 7 * 24 * 3600;
const RECENT = 500;
/** Stripe's default: a Checkout Session expires 24 hours after it is created. */
export const SESSION_SECONDS = 24 * 3600;

/** Stripe-like ids: a prefix and 24 random alphanumerics (`cs_test_…`, `evt_…`, `pi_…`). */
export function stripeId(prefix: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(24);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * Checkout sessions and events in Redis under `<namespace>:stripe:`: `session:<id>` and
 * `event:<id>` (JSON), `events` (event ids, newest first), `idem:<key>` (the session an
 * idempotency key created), `webhook-url` (the runtime override).
 */
@Injectable()
export class StripeStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(STRIPE_OPTIONS) private readonly options: StripeSandboxOptions,
  ) {}

  async saveSession(session: CheckoutSession): Promise<void> {
    await this.redis.set(this.key('session', session.id), JSON.stringify(session), 'EX', KEEP_SECONDS);
  }

  async session(id: string): Promise<CheckoutSession | null> {
    const value = await this.redis.get(this.key('session', id));
    if (!value) return null;
    const session = JSON.parse(value) as CheckoutSession;
    // An open session past its expiry reads as expired, as Stripe's would.
    if (session.status === 'open' && session.expires_at * 1000 <= Date.now()) {
      return { ...session, status: 'expired', url: null };
    }
    return session;
  }

  /** Claims an idempotency key for a session id: the id that holds it (this one if new). */
  async claimIdempotencyKey(key: string, sessionId: string): Promise<string> {
    const k = this.key('idem', key);
    const set = await this.redis.set(k, sessionId, 'EX', 24 * 3600, 'NX');
    return set === 'OK' ? sessionId : ((await this.redis.get(k)) ?? sessionId);
  }

  /** Moves an open session on, once: false when it was no longer open (another click won). */
  async transition(id: string, update: (session: CheckoutSession) => CheckoutSession): Promise<boolean> {
    const k = this.key('session', id);
    const claimed = await this.redis.set(this.key('settled', id), '1', 'EX', KEEP_SECONDS, 'NX');
    if (claimed !== 'OK') return false;
    const current = await this.session(id);
    if (!current || current.status !== 'open') return false;
    await this.redis.set(k, JSON.stringify(update(current)), 'EX', KEEP_SECONDS);
    return true;
  }

  /** The charge of a paid session, found by its payment intent (what a refund names). */
  async saveCharge(charge: Charge): Promise<void> {
    await this.redis.set(
      this.key('charge', charge.payment_intent),
      JSON.stringify(charge),
      'EX',
      KEEP_SECONDS,
    );
  }

  async charge(paymentIntent: string): Promise<Charge | null> {
    const value = await this.redis.get(this.key('charge', paymentIntent));
    return value ? (JSON.parse(value) as Charge) : null;
  }

  /**
   * Adds `amount` to what the charge has had refunded, atomically: null when that would pass
   * what was paid (two refunds at once cannot refund more than the charge).
   */
  async addRefunded(paymentIntent: string, amount: number, total: number): Promise<number | null> {
    const k = this.key('refunded', paymentIntent);
    const after = await this.redis.incrby(k, amount);
    await this.redis.expire(k, KEEP_SECONDS);
    if (after > total) {
      await this.redis.decrby(k, amount);
      return null;
    }
    return after;
  }

  /** True for the first call holding an idempotency key of a refund. */
  async claimRefundKey(key: string): Promise<boolean> {
    return (await this.redis.set(this.key('idem-refund-claim', key), '1', 'EX', 24 * 3600, 'NX')) === 'OK';
  }

  /** A failed refund gives its key back, so the caller may try again. */
  async releaseRefundKey(key: string): Promise<void> {
    await this.redis.del(this.key('idem-refund-claim', key));
  }

  async idempotentRefund(key: string): Promise<Refund | null> {
    const value = await this.redis.get(this.key('idem-refund', key));
    return value ? (JSON.parse(value) as Refund) : null;
  }

  async saveIdempotentRefund(key: string, refund: Refund): Promise<void> {
    await this.redis.set(this.key('idem-refund', key), JSON.stringify(refund), 'EX', 24 * 3600);
  }

  async saveEvent(event: StripeEvent): Promise<void> {
    await this.redis
      .multi()
      .set(this.key('event', event.id), JSON.stringify(event), 'EX', KEEP_SECONDS)
      .lpush(this.key('events'), event.id)
      .ltrim(this.key('events'), 0, RECENT - 1)
      .expire(this.key('events'), KEEP_SECONDS)
      .exec();
  }

  async event(id: string): Promise<StripeEvent | null> {
    const value = await this.redis.get(this.key('event', id));
    return value ? (JSON.parse(value) as StripeEvent) : null;
  }

  /** The latest events, newest first. */
  async events(): Promise<StripeEvent[]> {
    const ids = await this.redis.lrange(this.key('events'), 0, RECENT - 1);
    const rows = await Promise.all(ids.map((id) => this.event(id)));
    return rows.filter((row): row is StripeEvent => row !== null);
  }

  async webhookUrl(): Promise<string | undefined> {
    return (await this.redis.get(this.key('webhook-url'))) ?? this.options.webhookUrl;
  }

  async setWebhookUrl(url: string | null): Promise<void> {
    if (url === null) await this.redis.del(this.key('webhook-url'));
    else await this.redis.set(this.key('webhook-url'), url);
  }

  private key(...parts: string[]): string {
    return [this.options.namespace, 'stripe', ...parts].join(':');
  }
}
