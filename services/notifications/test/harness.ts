import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import { TOPICS, bidOutbidV1, type EventEnvelope, type Site } from '@manzil/contracts';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  serviceTestEnv,
  startSandbox,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type SandboxProcess,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';

export interface HarnessOptions {
  /** The Redis namespace's name (made unique per run by `testNamespace`). */
  namespace: string;
  /** The test database's name. */
  database: string;
  /** The client id of the test's own event bus, which publishes as the other services do. */
  busClientId: string;
  /** Whether to start the sandbox (e-mail and SMS sinks, Unifonic); e-mails go to it when it runs. */
  sandbox?: boolean;
}

/** One e-mail the sandbox's sink received. */
export interface SentEmail {
  subject: string;
  text: string;
  html: string;
}

/** One text message the sandbox's sink received. */
export interface SentSms {
  to: string;
  body: string;
}

/** One in-app notification as `GET /v1/notifications` lists it. */
export interface InboxItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  kind: string;
}

/**
 * Notifications (real database, Redis and bus) with, where asked, the sandbox as its own process
 * for the e-mail and SMS providers, and an event bus of the test's own that publishes as the other
 * services do.
 */
export class NotificationsHarness {
  app!: INestApplication;
  db!: TestDatabase;
  bus!: EventBus;
  sandbox?: SandboxProcess;
  readonly namespace: string;

  constructor(private readonly options: HarnessOptions) {
    this.namespace = testNamespace(options.namespace);
  }

  /**
   * Starts the sandbox (if asked), a migrated database, the app and the bus. `env` gives this
   * spec's own settings over the test defaults (and over `EMAIL_URL`, the sandbox's e-mail sink);
   * it is handed the sandbox's url.
   */
  async start(env: (sandboxUrl: string) => Record<string, unknown> = () => ({})): Promise<void> {
    if (this.options.sandbox !== false) this.sandbox = await startSandbox({});
    this.db = await createMigratedDatabase(this.options.database, buildDataSource);
    const sandboxUrl = this.sandbox?.url ?? '';
    const config = envSchema.parse({
      ...serviceTestEnv(this.db, this.namespace),
      ...(this.sandbox ? { EMAIL_URL: `${sandboxUrl}/v1/email` } : {}),
      ...env(sandboxUrl),
    });
    this.app = await createTestApp(AppModule.forRoot(config));
    this.bus = createEventBus({
      clientId: this.options.busClientId,
      redisUrl: testRedisUrl(),
      namespace: this.namespace,
    });
  }

  async close(): Promise<void> {
    await this.bus?.close();
    await this.app?.close();
    await this.sandbox?.stop();
    await this.db?.drop();
  }

  get ds(): DataSource {
    return this.app.get(DataSource);
  }

  /** The sandbox's url; only for a harness started with the sandbox. */
  get sandboxUrl(): string {
    if (!this.sandbox) throw new Error('this harness runs without the sandbox');
    return this.sandbox.url;
  }

  /** The e-mails the sandbox's sink holds for `to`. */
  async emailsTo(to: string): Promise<SentEmail[]> {
    const response = await fetch(`${this.sandboxUrl}/v1/email?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { results: { items: SentEmail[] } }).results.items;
  }

  /** The text messages the sandbox's sink holds for `to`. */
  async smsTo(to: string): Promise<SentSms[]> {
    const response = await fetch(`${this.sandboxUrl}/v1/sms?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { results: { items: SentSms[] } }).results.items;
  }

  /**
   * Publishes an account event as identity does, and resolves once the `recipients` row of its
   * account holds `holds` (column → value), that is once notifications has applied it.
   */
  async publishAccount(
    event: EventEnvelope<{ accountId: string }>,
    holds: Record<string, unknown>,
  ): Promise<void> {
    await this.bus.publish(TOPICS.identityAccount, event);
    const columns = Object.keys(holds)
      .map((column) => `"${column}"`)
      .join(', ');
    await expectEventually(async () => {
      const rows = (await this.ds.query(`SELECT ${columns} FROM "recipients" WHERE "account_id" = $1`, [
        event.payload.accountId,
      ])) as unknown[];
      expect(rows).toEqual([holds]);
    });
  }

  /** Requests as account `sub` of `site` (with a `language` header if one is given). */
  async as(site: Site, sub: string, language?: string) {
    const token = `Bearer ${await tokenFor('user', { site, sub })}`;
    const server = this.app.getHttpServer();
    const prepare = (test: request.Test) => {
      const withSite = test.set('x-site', site);
      return (language ? withSite.set('language', language) : withSite).set('authorization', token);
    };
    return {
      get: (path: string) => prepare(request(server).get(path)),
      post: (path: string) => prepare(request(server).post(path)),
      put: (path: string, body: object) => prepare(request(server).put(path)).send(body),
    };
  }

  /** The in-app notifications of account `sub` of `site`, in `language`. */
  async inbox(site: Site, sub: string, language = 'en'): Promise<{ items: InboxItem[]; total: number }> {
    return (await (await this.as(site, sub, language)).get('/v1/notifications').expect(200)).body.results;
  }
}

/** The facts of a viewing `customerId` asked `agentId` for, as listings publishes them. */
export const appointment = (
  customerId: string,
  agentId: string,
  email = `sara-${randomUUID().slice(0, 8)}@example.com`,
) => ({
  appointmentId: randomUUID(),
  kind: 'viewing' as const,
  agentId,
  customerId,
  startsAt: '2026-12-01T11:30:00.000Z',
  timeZone: 'Asia/Dubai',
  property: { id: randomUUID(), slug: 'marina-view', title: { en: 'Marina view', ar: 'إطلالة المارينا' } },
  customer: { name: 'Sara Ali', phone: '+971501234567', email },
});

/** auctions' `bid.outbid` telling `bidderId` that a bid of 2,500 went over their 1,000 on `site`. */
export const outbid = (site: Site, bidderId: string) =>
  newEvent(bidOutbidV1, site, randomUUID(), {
    auctionId: randomUUID(),
    propertyId: randomUUID(),
    previousBidId: randomUUID(),
    previousBidderId: bidderId,
    previousAmount: 1000,
    newBidId: randomUUID(),
    newAmount: 2500,
    currency: site === 'ae' ? 'AED' : 'SAR',
  });
