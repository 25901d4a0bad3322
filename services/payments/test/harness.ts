import { expect, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TOPICS, type CheckoutView, type EventEnvelope, type Site } from '@manzil/contracts';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  serviceTestEnv,
  startSandbox,
  testNamespace,
  testRedisUrl,
  tokenFor,
  waitForEvent,
  type SandboxProcess,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema, type ServiceConfig } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seedPlans } from '../src/plans/plans.seed.js';

// A database, the sandbox as its own process and the app take seconds on a busy machine.
jest.setTimeout(60_000);

export const WEBHOOK_PATH = '/v1/payments/stripe/webhook';

export interface Delivery {
  eventId: string;
  type: string;
  status: number | null;
}

/**
 * Payments (real database, Redis, bus, BullMQ) with its official Stripe client pointed at the
 * real sandbox process, whose webhooks come back to this app over HTTP.
 */
export class PaymentsHarness {
  app!: INestApplication;
  db!: TestDatabase;
  sandbox!: SandboxProcess;
  config!: ServiceConfig;
  readonly namespace = testNamespace('payments');

  async start(overrides: Record<string, string> = {}): Promise<void> {
    this.db = await createMigratedDatabase('payments_checkout', buildDataSource, seedPlans);
    this.sandbox = await startSandbox({});
    await this.boot(overrides);
  }

  /** Starts (again) the app on the same database and Redis namespace, with these settings. */
  async boot(overrides: Record<string, string> = {}): Promise<void> {
    this.config = envSchema.parse({
      ...serviceTestEnv(this.db, this.namespace),
      STRIPE_API_URL: this.sandbox.url,
      RECONCILE_EVERY_MS: '0',
      ...overrides,
    });
    this.app = await createTestApp(AppModule.forRoot(this.config));
    await this.sandboxCall('put', '/sandbox/stripe/webhook-url', { url: `${this.url()}${WEBHOOK_PATH}` });
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.sandbox?.stop();
    await this.db?.drop();
  }

  url(): string {
    const address = this.app.getHttpServer().address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  }

  http() {
    return request(this.app.getHttpServer());
  }

  get ds(): DataSource {
    return this.app.get(DataSource);
  }

  async planId(site: Site, tier: string, months: number): Promise<string> {
    const [row] = (await this.ds.query(
      `SELECT "id" FROM "plans" WHERE "site" = $1 AND "tier" = $2 AND "duration_months" = $3`,
      [site, tier, months],
    )) as { id: string }[];
    return row.id;
  }

  /** Buys a plan as `token`; answers the checkout and the session id the sandbox made. */
  async buy(
    token: string,
    planId: string,
    { site = 'ae', purpose = 'purchase' }: { site?: Site; purpose?: 'purchase' | 'upgrade' } = {},
  ): Promise<CheckoutView & { sessionId: string }> {
    const response = await this.http()
      .post(`/v1/subscriptions/${purpose}`)
      .set('authorization', `Bearer ${token}`)
      .set('x-site', site)
      .send({ planId })
      .expect(201);
    const checkout = response.body.results as CheckoutView;
    return { ...checkout, sessionId: new URL(checkout.checkoutUrl).pathname.split('/').pop()! };
  }

  /** Plays the payer on the sandbox: pay or fail, the webhook sent now or held. */
  async decide(
    sessionId: string,
    outcome: 'pay' | 'fail',
    webhook: 'send' | 'hold' = 'send',
  ): Promise<{ redirectUrl: string; events: Delivery[] }> {
    return this.sandboxCall('post', `/sandbox/stripe/sessions/${sessionId}/${outcome}?webhook=${webhook}`);
  }

  deliver(eventId: string): Promise<Delivery> {
    return this.sandboxCall('post', `/sandbox/stripe/events/${eventId}/deliver`);
  }

  async sandboxCall<T>(method: 'post' | 'put' | 'get', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.sandbox.url}${path}`, {
      method: method.toUpperCase(),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { results: T; message?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message}`);
    return json.results;
  }

  async payment(id: string): Promise<{
    status: string;
    subscription_id: string | null;
    settled_by: string | null;
    refunded_by: string | null;
  }> {
    const [row] = (await this.ds.query(
      `SELECT "status", "subscription_id", "settled_by", "refunded_by" FROM "payments" WHERE "id" = $1`,
      [id],
    )) as {
      status: string;
      subscription_id: string | null;
      settled_by: string | null;
      refunded_by: string | null;
    }[];
    return row;
  }

  /**
   * Waits until the payment is Refunded by nobody (a refund another service's event said was
   * due) and answers the `payments.payment.refunded` event that tells its owner.
   */
  async refundedByEvent(paymentId: string): Promise<EventEnvelope> {
    await expectEventually(
      async () =>
        expect(await this.payment(paymentId)).toMatchObject({ status: 'refunded', refunded_by: null }),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    return waitForEvent(
      testRedisUrl(),
      this.namespace,
      TOPICS.paymentsPayment,
      (e: EventEnvelope) =>
        e.type === 'payments.payment.refunded' &&
        (e.payload as { paymentId: string }).paymentId === paymentId,
    );
  }

  async count(sql: string, params: unknown[]): Promise<number> {
    const [{ count }] = (await this.ds.query(`SELECT count(*)::int AS "count" FROM ${sql}`, params)) as {
      count: number;
    }[];
    return count;
  }

  /** Outbox rows of one event type about one account. */
  outboxEvents(type: string, accountId: string): Promise<number> {
    return this.count(`"outbox" WHERE "event"->>'type' = $1 AND "event"->'payload'->>'accountId' = $2`, [
      type,
      accountId,
    ]);
  }
}

export const company = (site: Site = 'ae', sub?: string) => tokenFor('company', { site, sub });
