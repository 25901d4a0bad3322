// What every service with an outbox gets from BusModule, checked on listings: the admin list of
// parked outbox rows, the replay command of its CLI, and the scheduled retention job.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { deadOutboxRowSchema, OUTBOX_ADMIN_API, pageSchema } from '@manzil/contracts';
import { enqueue, handleOnce, newEvent } from '@manzil/bus';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  testJwksUrl,
  testNamespace,
  testRedisUrl,
  tokenFor,
  waitForEvent,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';

const TOPIC = 't.maintenance';
const run = promisify(execFile);

describe('listings: outbox maintenance from BusModule', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let dataSource: DataSource;
  const namespace = testNamespace('listings');

  beforeAll(async () => {
    db = await createMigratedDatabase('listings', buildDataSource);
    const config = envSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      BUS_NAMESPACE: namespace,
      JWT_JWKS_URL: testJwksUrl(),
      PORT: 0,
      // Everything published or handled is past its retention at once; the job runs often.
      BUS_OUTBOX_RETENTION_DAYS: '0',
      BUS_INBOX_RETENTION_DAYS: '0',
      BUS_RETENTION_EVERY_MS: '200',
    });
    app = await createTestApp(AppModule.forRoot(config));
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    // The streams and the job scheduler's keys of this file's namespace.
    const redis = new Redis(testRedisUrl());
    const keys = [...(await redis.keys(`${namespace}:*`)), ...(await redis.keys(`bull:${namespace}:*`))];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const event = (key: string, site: 'ae' | 'sa' = 'ae', n = 0) =>
    newEvent({ type: 'test.happened', version: 1 }, site, key, { n });

  /** A row as the relay parks it (the relay's own tests make the bus refuse one for real). */
  async function park(id: number, site: 'ae' | 'sa', key = `parked-${id}`) {
    const parked = event(key, site);
    await dataSource.query(
      `INSERT INTO "outbox_dead" ("id", "topic", "key", "event", "created_at", "attempts", "last_error")
       VALUES ($1, $2, $3, $4, now(), 10, 'WRONGTYPE Operation against a key holding the wrong kind of value')`,
      [id, TOPIC, key, JSON.stringify(parked)],
    );
    return parked;
  }

  const list = async (query: string, role: 'admin' | 'agent' | null, site: 'ae' | 'sa' = 'ae') => {
    let call = request(app.getHttpServer()).get(`${OUTBOX_ADMIN_API.dead}${query}`).set('x-site', site);
    if (role) call = call.set('authorization', `Bearer ${await tokenFor(role, { site })}`);
    return call;
  };

  it('lists parked rows to admins of the site, a page at a time', async () => {
    const parked = [await park(900001, 'ae'), await park(900002, 'ae'), await park(900003, 'ae')];
    await park(900004, 'sa');
    expect((await list('', null)).status).toBe(401);
    expect((await list('', 'agent')).status).toBe(403);
    expect((await list('?limit=500', 'admin')).status).toBe(422);
    const first = await list('?page=1&limit=2', 'admin');
    expect(first.status).toBe(200);
    const page = pageSchema(deadOutboxRowSchema).parse(first.body.results);
    expect(page).toMatchObject({ page: 1, limit: 2, total: 3 });
    const second = pageSchema(deadOutboxRowSchema).parse(
      (await list('?page=2&limit=2', 'admin')).body.results,
    );
    expect([...page.items, ...second.items].map((r) => r.event.id)).toEqual(parked.map((e) => e.id));
    expect(page.items[0]).toMatchObject({ id: '900001', topic: TOPIC, attempts: 10 });
    const saudi = pageSchema(deadOutboxRowSchema).parse((await list('', 'admin', 'sa')).body.results);
    expect(saudi.items.map((r) => r.id)).toEqual(['900004']);
    const openapi = await request(app.getHttpServer()).get('/openapi.json');
    expect(Object.keys(openapi.body.paths)).toContain(OUTBOX_ADMIN_API.dead);
    // And on the service's /metrics, for alerts: all four, whatever their site.
    const metrics = await request(app.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/^manzil_outbox_dead_rows\{service="listings"\} 4$/m);
  });

  it('replays a parked row with the CLI: the relay publishes it', async () => {
    const parked = await park(900010, 'ae');
    const { stdout } = await run(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        'services/listings/src/cli.ts',
        'outbox:replay',
        '--id',
        '900010',
      ],
      { env: { ...process.env, DATABASE_URL: db.url } },
    );
    expect(stdout).toContain('replayed 1 row(s): 900010');
    await waitForEvent(testRedisUrl(), namespace, TOPIC, (e) => e.id === parked.id, 10_000);
    expect(await dataSource.query(`SELECT "id" FROM "outbox_dead" WHERE "id" = 900010`)).toEqual([]);
  }, 60_000);

  it('keeps the outbox and the inbox bounded while events keep flowing', async () => {
    // A parked row and the later row of its key it holds back: never deleted, whatever their age.
    await dataSource.query(`DELETE FROM "outbox_dead"`);
    const held = event('held-key');
    await park(900020, 'ae', 'held-key');
    await dataSource.transaction((manager) => enqueue(manager, TOPIC, held));
    await dataSource.query(
      `UPDATE "outbox" SET "created_at" = now() - interval '30 days' WHERE "key" = 'held-key'`,
    );
    const counts = async () =>
      (
        await dataSource.query(
          `SELECT (SELECT count(*) FROM "outbox" WHERE "key" <> 'held-key')::int AS "outbox",
                  (SELECT count(*) FROM "inbox")::int AS "inbox"`,
        )
      )[0] as { outbox: number; inbox: number };
    let flowed = 0;
    for (let round = 0; round < 8; round++) {
      const events = Array.from({ length: 50 }, (_, n) => event(`k${n % 5}`, 'ae', round * 50 + n));
      await dataSource.transaction((manager) => enqueue(manager, TOPIC, events));
      for (const e of events) await handleOnce(dataSource, 'maintenance-test', e, async () => undefined);
      flowed += events.length;
      // Each round's rows are published, then deleted by the job: the tables never pile up.
      await expectEventually(async () => expect(await counts()).toEqual({ outbox: 0, inbox: 0 }), {
        timeoutMs: 10_000,
      });
    }
    expect(flowed).toBe(400);
    const [stillHeld] = await dataSource.query(
      `SELECT "published_at" FROM "outbox" WHERE "key" = 'held-key' AND "event"->>'id' = $1`,
      [held.id],
    );
    expect(stillHeld).toEqual({ published_at: null });
    expect(await dataSource.query(`SELECT "id" FROM "outbox_dead"`)).toEqual([{ id: '900020' }]);
  }, 120_000);
});
