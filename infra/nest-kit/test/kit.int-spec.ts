import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, type INestApplication, Module, Post } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import type { Language, Site } from '@manzil/contracts';
import { Test } from '@nestjs/testing';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import {
  AppException,
  configureApp,
  Authenticated,
  currentContext,
  CurrentLanguage,
  CurrentSite,
  ManzilKitModule,
  Roles,
  withMessage,
  ZodPipe,
} from '../src/index.js';

// @manzil/testing builds on this package, so this spec makes its own keys and app.
const testKeys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

async function tokenFor(role: string, options: { site?: Site; expiresIn?: string } = {}): Promise<string> {
  return new SignJWT({ role, site: options.site ?? 'ae' })
    .setProtectedHeader({ alg: 'RS256' })
    .setSubject(randomUUID())
    .setExpirationTime(options.expiresIn ?? '15m')
    .sign(await importPKCS8(testKeys.privateKey, 'RS256'));
}

const noteSchema = z.object({ title: z.string().min(2, 'required'), rating: z.number().int().min(1) });

@Controller('v1')
class ProbeController {
  @Get('where')
  where(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    const context = currentContext();
    return { site, language, tz: context?.timezoneOffsetMinutes, requestId: context?.requestId };
  }

  @Post('notes')
  @Authenticated()
  create(@Body(new ZodPipe(noteSchema)) body: z.infer<typeof noteSchema>) {
    return withMessage(body, 'created');
  }

  @Get('admin-only')
  @Roles('admin')
  adminOnly() {
    return { secret: true };
  }

  @Get('missing')
  missing() {
    throw new AppException('NOT_FOUND');
  }

  @Get('boom')
  boom() {
    throw new Error('database exploded');
  }
}

@Module({
  imports: [
    ManzilKitModule.forRoot({
      service: 'probe',
      jwtPublicKey: testKeys.publicKey,
      routes: [
        {
          method: 'post',
          path: '/v1/notes',
          summary: 'Create a note',
          body: noteSchema,
          results: noteSchema,
        },
      ],
    }),
  ],
  controllers: [ProbeController],
})
class ProbeModule {}

describe('nest-kit on a real HTTP server', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
    app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
    configureApp(app);
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
  });

  it('wraps results in the envelope and resolves site, language, time zone and request id', async () => {
    const response = await http()
      .get('/v1/where')
      .set('x-site', 'sa')
      .set('language', 'ar')
      .set('timezoneOffset', '+03:00')
      .set('x-request-id', 'req-123');
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('req-123');
    expect(response.body).toEqual({
      status: 200,
      success: true,
      message: 'OK',
      results: { site: 'sa', language: 'ar', tz: 180, requestId: 'req-123' },
    });
  });

  it('falls back to the Host for the site', async () => {
    const response = await http().get('/v1/where').set('host', 'sa.localhost:3000');
    expect(response.body.results.site).toBe('sa');
    const plain = await http().get('/v1/where').set('host', 'localhost:3000');
    expect(plain.body.results.site).toBe('ae');
  });

  it('answers errors in the request language', async () => {
    const en = await http().get('/v1/missing');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({
      status: 404,
      success: false,
      message: 'No Record Found',
      results: { code: 'NOT_FOUND' },
    });
    const ar = await http().get('/v1/missing').set('language', 'ar');
    expect(ar.body.message).toBe('لم يتم العثور على سجل');
  });

  it('hides internal errors behind the generic message', async () => {
    const response = await http().get('/v1/boom');
    expect(response.status).toBe(500);
    expect(response.body.message).toBe('Something went wrong');
    expect(JSON.stringify(response.body)).not.toContain('exploded');
  });

  it('refuses a protected call without a token, with a bad token, and with a token of the other site', async () => {
    expect((await http().post('/v1/notes').send({})).status).toBe(401);
    expect((await http().post('/v1/notes').set('authorization', 'Bearer nope').send({})).status).toBe(401);
    const uaeToken = await tokenFor('user', { site: 'ae' });
    const onSaudi = await http()
      .post('/v1/notes')
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${uaeToken}`);
    expect(onSaudi.status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await tokenFor('user', { expiresIn: '-1m' });
    expect((await http().post('/v1/notes').set('authorization', `Bearer ${expired}`).send({})).status).toBe(
      401,
    );
  });

  it('checks the role on the server', async () => {
    const user = await tokenFor('user');
    const admin = await tokenFor('admin');
    expect((await http().get('/v1/admin-only').set('authorization', `Bearer ${user}`)).status).toBe(403);
    expect((await http().get('/v1/admin-only').set('authorization', `Bearer ${admin}`)).body.results).toEqual(
      {
        secret: true,
      },
    );
  });

  it('names each invalid field, translating known message keys', async () => {
    const token = await tokenFor('agent');
    const response = await http()
      .post('/v1/notes')
      .set('authorization', `Bearer ${token}`)
      .set('language', 'ar')
      .send({ title: 'x', rating: 'five' });
    expect(response.status).toBe(422);
    expect(response.body.success).toBe(false);
    const fields = response.body.results.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['rating', 'title']);
    expect(fields.find((f) => f.field === 'title')?.message).toBe('هذا الحقل مطلوب.');
  });

  it('accepts a valid body and keeps the handler message', async () => {
    const token = await tokenFor('agent');
    const response = await http()
      .post('/v1/notes')
      .set('authorization', `Bearer ${token}`)
      .send({ title: 'Marina view', rating: 5 });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      status: 201,
      success: true,
      message: 'created',
      results: { title: 'Marina view', rating: 5 },
    });
  });

  it('answers malformed JSON with a validation envelope', async () => {
    const response = await http().post('/v1/notes').set('content-type', 'application/json').send('{"title":');
    expect([400, 401]).toContain(response.status);
    expect(response.body.success).toBe(false);
  });

  it('serves health and its OpenAPI document', async () => {
    expect((await http().get('/health')).body.results).toEqual({ status: 'ok' });
    const doc = await http().get('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/health', '/ready', '/v1/notes']));
  });
});
