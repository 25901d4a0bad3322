import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  createTestApp,
  createTestDatabase,
  expectEventually,
  testKeys,
  testNamespace,
  testRedisUrl,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import type { ServiceConfig } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';

// Starting identity (a database, its migrations, an application) takes seconds on a busy
// machine: every hook and test of a file that uses the harness gets 60 s, not jest's 5.
jest.setTimeout(60_000);

/** A 1×1 PNG, a GIF header and a JPEG header: enough for the magic-byte check. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PASSWORD = 'Manzil@2026';

export interface Harness {
  app: INestApplication;
  sink: SmsSink;
  db: TestDatabase;
  namespace: string;
  config: ServiceConfig;
  http: () => ReturnType<typeof request>;
  /**
   * Stops identity and starts it again with these settings on the same port and database
   * (what a rolling deployment does), so its clients find it where they found it before.
   */
  restart(overrides: Partial<ServiceConfig>): Promise<void>;
  /** The newest code the sink received for this number (after `after`, if given). */
  lastCode(to: string, after?: string): Promise<string>;
  smsCount(to: string): Promise<number>;
  /** The newest e-mail the sink received for this address (a new one after `afterId`, if given) and its code. */
  lastEmail(to: string, afterId?: number): Promise<SinkEmail & { code: string }>;
  emailCount(to: string): Promise<number>;
  close(): Promise<void>;
}

export interface SinkEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmsSink {
  server: Server;
  url: string;
  /** The e-mail sink on the same server (`POST /v1/email { to, subject, text, html }`). */
  emailUrl: string;
  messages: { id: number; to: string; body: string }[];
  emails: SinkEmail[];
}

/**
 * SMS and e-mail sinks speaking the sandbox's protocol (`POST /v1/sms { to, body }`,
 * `POST /v1/email { to, subject, text, html }`) over real HTTP on a random port (a service
 * may not import the sandbox's code). They keep what they receive for the test to read, as
 * the sandbox's sinks do.
 */
export async function startSmsSink(): Promise<SmsSink> {
  const messages: SmsSink['messages'] = [];
  const emails: SinkEmail[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/email') {
        const email = JSON.parse(raw) as Omit<SinkEmail, 'id'>;
        emails.push({ id: emails.length + 1, ...email });
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 201, success: true }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/sms') {
        res.writeHead(404).end();
        return;
      }
      const { to, body } = JSON.parse(raw) as { to: string; body: string };
      messages.push({ id: messages.length + 1, to, body });
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 201, success: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    server,
    url: `http://127.0.0.1:${port}/v1/sms`,
    emailUrl: `http://127.0.0.1:${port}/v1/email`,
    messages,
    emails,
  };
}

/**
 * The real identity app (fresh database, fresh Redis namespace, real bus) whose SMS go to a
 * real HTTP sink listening on a random port: tests read the OTPs from it.
 */
export async function startHarness(overrides: Partial<ServiceConfig> = {}): Promise<Harness> {
  const db = await createTestDatabase('identity');
  const migrator = buildDataSource(db.url);
  await migrator.initialize();
  await migrator.runMigrations();
  await migrator.destroy();
  const namespace = testNamespace('identity');
  const sink = await startSmsSink();
  const mediaDir = await mkdtemp(join(tmpdir(), 'identity-media-'));
  const config: ServiceConfig = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: 0,
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    BUS_NAMESPACE: namespace,
    JWT_PRIVATE_KEY: testKeys.privateKey,
    JWT_ISSUER: 'manzil-identity',
    JWT_AUDIENCE: 'manzil',
    AUTH_REDIS_GRACE_SECONDS: 30,
    SMS_URL: sink.url,
    EMAIL_URL: sink.emailUrl,
    STORAGE_ENGINE: 'filesystem',
    STORAGE_DIR: mediaDir,
    UPLOAD_CLAIM_SECONDS: 24 * 60 * 60,
    // The tests drive the expiry job themselves.
    UPLOAD_EXPIRY_JOB_EVERY_MS: 0,
    PUBLIC_PATH: '/api/identity',
    TRUST_PROXY: 'loopback',
    ACCESS_TOKEN_SECONDS: 900,
    REFRESH_TOKEN_SECONDS: 3600,
    SESSION_MAX_SECONDS: 7200,
    REVOCATION_SYNC_MS: 0,
    OTP_SECONDS: 120,
    OTP_RESEND_COOLDOWN_SECONDS: 0,
    DELETION_GRACE_DAYS: 30,
    DELETION_JOB_INTERVAL_MS: 0,
    RATE_LIMIT_PER_MOBILE: 50,
    RATE_LIMIT_PER_IP: 10_000,
    ...overrides,
  };
  let app = await createTestApp(AppModule.forRoot(config));
  const sms = (to: string) => sink.messages.filter((message) => message.to === to).reverse();
  return {
    get app() {
      return app;
    },
    sink,
    db,
    namespace,
    config,
    http: () => request(app.getHttpServer()),
    async restart(changes) {
      const { port } = app.getHttpServer().address() as { port: number };
      await app.close();
      app = await createTestApp(AppModule.forRoot({ ...config, ...changes }), port);
    },
    async lastCode(to, after) {
      return expectEventually(async () => {
        const newest = sms(to)[0];
        const code = /(?<!\d)(\d{4})(?!\d)/.exec(newest?.body ?? '')?.[1];
        if (!code || String(newest.id) === after) throw new Error(`no new SMS for ${to}`);
        return code;
      });
    },
    async smsCount(to) {
      return sms(to).length;
    },
    async lastEmail(to, afterId) {
      return expectEventually(async () => {
        const newest = sink.emails.filter((email) => email.to === to).at(-1);
        const code = /(?<!\d)(\d{4})(?!\d)/.exec(newest?.text ?? '')?.[1];
        if (!newest || !code || (afterId !== undefined && newest.id <= afterId)) {
          throw new Error(`no new e-mail for ${to}`);
        }
        return { ...newest, code };
      });
    },
    async emailCount(to) {
      return sink.emails.filter((email) => email.to === to).length;
    },
    async close() {
      await app.close();
      await new Promise((resolve) => sink.server.close(resolve));
      await db.drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
