import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  createMigratedDatabase,
  serviceTestEnv,
  testNamespace,
  tokenFor,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { buildDataSource } from '../src/data-source.js';

describe('notifications: GET /v1/notifications', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const me = randomUUID();
  const someoneElse = randomUUID();

  beforeAll(async () => {
    db = await createMigratedDatabase('notifications', buildDataSource);
    app = await createTestApp(AppModule.forRoot(serviceTestEnv(db, testNamespace('notifications'))));
    const ds = app.get(DataSource);
    const insert = (site: string, account: string, n: number, read = false) =>
      ds.query(
        `INSERT INTO notifications (site, account_id, title_en, title_ar, body_en, body_ar, read_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8))`,
        [
          site,
          account,
          `Title ${n}`,
          `عنوان ${n}`,
          `Body ${n}`,
          `نص ${n}`,
          read ? new Date() : null,
          100 - n,
        ],
      );
    // Mine on ae: 1 (oldest, read), 2, 3 (newest). Someone else's on ae, and one of the same id on sa.
    await insert('ae', me, 1, true);
    await insert('ae', me, 2);
    await insert('ae', me, 3);
    await insert('ae', someoneElse, 4);
    await insert('sa', me, 5);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('refuses a visitor', async () => {
    const response = await request(app.getHttpServer()).get('/v1/notifications').expect(401);
    expect(response.body.results).toEqual({ code: 'UNAUTHORIZED' });
  });

  it("lists only the caller's own notifications on the site, newest first, paginated", async () => {
    const token = await tokenFor('user', { site: 'ae', sub: me });
    const first = await request(app.getHttpServer())
      .get('/v1/notifications?page=1&limit=2')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(first.body.results).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.body.results.items.map((n: { title: string }) => n.title)).toEqual(['Title 3', 'Title 2']);
    const second = await request(app.getHttpServer())
      .get('/v1/notifications?page=2&limit=2')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(second.body.results.items).toEqual([
      expect.objectContaining({ title: 'Title 1', body: 'Body 1', read: true, readAt: expect.any(String) }),
    ]);
  });

  it('speaks the request language, and shows the Saudi site only its own rows', async () => {
    const token = await tokenFor('agent', { site: 'sa', sub: me });
    const response = await request(app.getHttpServer())
      .get('/v1/notifications')
      .set('host', 'sa.localhost:3000')
      .set('language', 'ar')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(response.body.results.total).toBe(1);
    expect(response.body.results.items[0]).toMatchObject({
      title: 'عنوان 5',
      body: 'نص 5',
      read: false,
      readAt: null,
    });
  });

  it('refuses a token of the other site', async () => {
    const token = await tokenFor('user', { site: 'sa', sub: me });
    await request(app.getHttpServer())
      .get('/v1/notifications')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(401);
  });

  it("preferences: a visitor, a bad token and another site's token are refused; each account reads and writes only its own", async () => {
    const server = app.getHttpServer();
    const path = '/v1/notifications/preferences';
    for (const call of [request(server).get(path), request(server).put(path).send({ email: false })]) {
      const refused = await call.set('x-site', 'ae').expect(401);
      expect(refused.body.results).toEqual({ code: 'UNAUTHORIZED' });
    }
    await request(server)
      .put(path)
      .set('x-site', 'ae')
      .set('authorization', 'Bearer not-a-token')
      .send({ email: false })
      .expect(401);
    await request(server)
      .put(path)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('user', { site: 'sa', sub: someoneElse })}`)
      .send({ email: false })
      .expect(401);

    // Customer, agent and company (every role the service tells something) each choose for themselves;
    // an account id in the body is not a way to write someone else's: the token's account is the key.
    for (const role of ['user', 'agent', 'company'] as const) {
      const account = randomUUID();
      const token = await tokenFor(role, { site: 'ae', sub: account });
      const saved = await request(server)
        .put(path)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${token}`)
        .send({ email: false, accountId: someoneElse, account_id: someoneElse })
        .expect(200);
      expect(saved.body.results).toEqual({ sms: true, email: false });
      const mine = await request(server)
        .get(path)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${token}`);
      expect(mine.body.results).toEqual({ sms: true, email: false });
    }
    const theirs = await request(server)
      .get(path)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('user', { site: 'ae', sub: someoneElse })}`)
      .expect(200);
    expect(theirs.body.results).toEqual({ sms: true, email: true });
    const rows = (await app
      .get(DataSource)
      .query(`SELECT 1 FROM "notification_preferences" WHERE "account_id" = $1`, [someoneElse])) as unknown[];
    expect(rows).toEqual([]);
  });

  it('reports the database in /ready', async () => {
    const ready = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(ready.body.results).toEqual({ database: 'ok', redis: 'ok' });
  });
});
