import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { tokenFor } from '@manzil/testing';
import { startHarness, type Harness } from './harness.js';

describe('identity: GET /v1/accounts/me', () => {
  let harness: Harness;
  let app: INestApplication;
  let ds: DataSource;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    harness = await startHarness();
    app = harness.app;
    ds = app.get(DataSource);
    // The same mobile number may hold one account on each site.
    const rows: [string, string, string, string][] = [
      ['aeUser', 'ae', 'user', 'active'],
      ['saUser', 'sa', 'user', 'active'],
      ['aeDeleted', 'ae', 'agent', 'deleted'],
    ];
    for (const [key, site, role, status] of rows) {
      const [row] = (await ds.query(
        `INSERT INTO accounts (site, role, name, mobile, country_code, email, password_hash, status)
         VALUES ($1, $2, $3, $4, $5, $6, 'hash', $7) RETURNING id`,
        [
          site,
          role,
          `${key} name`,
          key === 'aeDeleted' ? '501111112' : '501111111',
          site === 'ae' ? '+971' : '+966',
          `${key}@example.com`,
          status,
        ],
      )) as { id: string }[];
      ids[key] = row.id;
    }
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('refuses a request without a token', async () => {
    const response = await request(app.getHttpServer())
      .get('/v1/accounts/me')
      .set('language', 'ar')
      .expect(401);
    expect(response.body).toEqual({
      status: 401,
      success: false,
      message: 'يرجى تسجيل الدخول للمتابعة.',
      results: { code: 'UNAUTHORIZED' },
    });
  });

  it("returns the token's account without its password hash", async () => {
    const token = await tokenFor('user', { site: 'ae', sub: ids.aeUser });
    const response = await request(app.getHttpServer())
      .get('/v1/accounts/me')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.results).toMatchObject({
      id: ids.aeUser,
      site: 'ae',
      role: 'user',
      name: 'aeUser name',
      mobile: '501111111',
      countryCode: '+971',
      email: 'aeUser@example.com',
      status: 'active',
    });
    expect(JSON.stringify(response.body)).not.toContain('hash');
  });

  it('never finds an account of the other site, nor a deleted one', async () => {
    const other = await tokenFor('user', { site: 'ae', sub: ids.saUser });
    const response = await request(app.getHttpServer())
      .get('/v1/accounts/me')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${other}`)
      .expect(404);
    expect(response.body.results).toEqual({ code: 'NOT_FOUND' });
    const deleted = await tokenFor('agent', { site: 'ae', sub: ids.aeDeleted });
    await request(app.getHttpServer())
      .get('/v1/accounts/me')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${deleted}`)
      .expect(404);
  });

  it('refuses a token of one site on the other site', async () => {
    const saToken = await tokenFor('user', { site: 'sa', sub: ids.saUser });
    await request(app.getHttpServer())
      .get('/v1/accounts/me')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${saToken}`)
      .expect(401);
    const ok = await request(app.getHttpServer())
      .get('/v1/accounts/me')
      .set('host', 'sa.localhost:3000')
      .set('authorization', `Bearer ${saToken}`)
      .expect(200);
    expect(ok.body.results.id).toBe(ids.saUser);
  });

  it('keeps one account per mobile on a site', async () => {
    await expect(
      ds.query(
        `INSERT INTO accounts (site, role, name, mobile, country_code) VALUES ('ae', 'user', 'again', '501111111', '+971')`,
      ),
    ).rejects.toThrow(/accounts_site_country_code_mobile_key/);
  });

  it('reports the database and Redis in /ready and documents its routes', async () => {
    const ready = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(ready.body.results).toEqual({ database: 'ok', redis: 'ok' });
    const openapi = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(Object.keys(openapi.body.paths)).toContain('/v1/accounts/me');
  });
});
