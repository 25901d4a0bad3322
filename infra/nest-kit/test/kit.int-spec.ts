import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, type INestApplication, Module, Post } from '@nestjs/common';
import request from 'supertest';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Language, Site } from '@manzil/contracts';
import { Test } from '@nestjs/testing';
import {
  AppException,
  configureApp,
  Authenticated,
  currentContext,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  ManzilKitModule,
  Public,
  publishRevocations,
  Roles,
  serializedResults,
  withMessage,
  ZodPipe,
  type AuthUser,
} from '../src/index.js';
import {
  AUDIENCE,
  ISSUER,
  rsaPair,
  startJwksServer,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type JwksServer,
} from './support.js';

const noteSchema = z.object({ title: z.string().min(2, 'required'), rating: z.number().int().min(1) });

/** Arabic, an escaped quote, nested arrays: what a cached search answer holds. */
const ANSWER = {
  items: [{ title: { en: 'Villa "A"', ar: 'فيلا مع مسبح' }, price: 1.5e6 }],
  facets: { kind: [] },
};

@Controller('v1')
class ProbeController {
  @Get('where')
  @Public()
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

  @Get('me')
  @Authenticated()
  me(@CurrentUser() user: AuthUser) {
    return user;
  }

  @Get('answer')
  @Public()
  answer() {
    return ANSWER;
  }

  @Get('answer-serialized')
  @Public()
  answerSerialized() {
    return serializedResults(JSON.stringify(ANSWER));
  }

  @Get('missing')
  @Public()
  missing() {
    throw new AppException('NOT_FOUND');
  }

  @Get('boom')
  @Public()
  boom() {
    throw new Error('database exploded');
  }

  /** A statement that outlives its connection's statement_timeout, on the tests' Postgres. */
  @Get('slow')
  @Public()
  async slow() {
    const client = new pg.Client({
      connectionString: process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      statement_timeout: 50,
    });
    await client.connect();
    try {
      await client.query('SELECT pg_sleep(2)');
    } finally {
      await client.end();
    }
  }
}

const namespace = testNamespace();
let jwks: JwksServer;

@Module({})
class ProbeModule {
  static forRoot(jwksUrl: string) {
    return {
      module: ProbeModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'probe',
          auth: { jwks: jwksUrl, issuer: ISSUER, audience: AUDIENCE, namespace, redisGraceSeconds: 30 },
          redisUrl: testRedisUrl(),
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
    };
  }
}

describe('nest-kit on a real HTTP server', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    jwks = await startJwksServer();
    const moduleRef = await Test.createTestingModule({ imports: [ProbeModule.forRoot(jwks.url)] }).compile();
    app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
    configureApp(app);
    await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await app.close();
    await jwks.close();
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

  it('writes results serialized already as the same bytes, type and ETag as the object', async () => {
    const [object, text] = await Promise.all([http().get('/v1/answer'), http().get('/v1/answer-serialized')]);
    expect(text.status).toBe(200);
    expect(text.text).toBe(object.text);
    expect(text.body).toEqual({ status: 200, success: true, message: 'OK', results: ANSWER });
    expect(text.headers['content-type']).toBe(object.headers['content-type']);
    expect(text.headers['content-length']).toBe(object.headers['content-length']);
    expect(text.headers.etag).toBe(object.headers.etag);
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

  it('answers a statement Postgres cancelled for its timeout as 503 with Retry-After, in the language asked', async () => {
    const en = await http().get('/v1/slow');
    expect(en.status).toBe(503);
    expect(en.headers['retry-after']).toBe('5');
    expect(en.body).toMatchObject({
      success: false,
      message: 'Something wrong, please try again later',
      results: { code: 'SERVICE_UNAVAILABLE' },
    });
    const ar = await http().get('/v1/slow').set('language', 'ar');
    expect(ar.status).toBe(503);
    expect(ar.body.message).toBe('حدث خطأ، يرجى المحاولة لاحقًا');
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

  const me = (token: string) => http().get('/v1/me').set('authorization', `Bearer ${token}`);

  it('takes the key by kid from the JWKS over HTTP and refuses another issuer, audience or unknown kid', async () => {
    expect((await me(await tokenFor('user'))).status).toBe(200);
    expect((await me(await tokenFor('user', { issuer: 'someone-else' }))).status).toBe(401);
    expect((await me(await tokenFor('user', { audience: 'manzil-staging' }))).status).toBe(401);
    expect((await me(await tokenFor('user', { kid: null }))).status).toBe(401);
    const stranger = rsaPair();
    expect(
      (await me(await tokenFor('user', { privateKey: stranger.privateKey, kid: 'unknown' }))).status,
    ).toBe(401);
    // Our kid on a token signed by another key: the signature does not hold.
    expect((await me(await tokenFor('user', { privateKey: stranger.privateKey }))).status).toBe(401);
  });

  it('reads a token on a public route too, and refuses a bad one there', async () => {
    const signedIn = await http()
      .get('/v1/where')
      .set('authorization', `Bearer ${await tokenFor('user')}`);
    expect(signedIn.status).toBe(200);
    expect((await http().get('/v1/where').set('authorization', 'Bearer nope')).status).toBe(401);
    expect((await http().get('/v1/where')).status).toBe(200);
  });

  it('refuses, on the next request, a token of a revoked account or of a revoked session', async () => {
    const redis = new Redis(testRedisUrl());
    try {
      const sub = randomUUID();
      const sid = randomUUID();
      const before = await tokenFor('user', { sub, tv: 0, sid });
      const otherSession = await tokenFor('user', { sub, tv: 0, sid: randomUUID() });
      expect((await me(before)).body.results).toMatchObject({ id: sub, sessionId: sid });
      await publishRevocations(redis, namespace, { sessions: [sid] }, 60);
      expect((await me(before)).status).toBe(401);
      expect((await me(otherSession)).status).toBe(200);
      await publishRevocations(redis, namespace, { accounts: [{ id: sub, version: 1 }] }, 60);
      expect((await me(otherSession)).status).toBe(401);
      // A token issued after the revocation carries the new version.
      expect((await me(await tokenFor('user', { sub, tv: 1 }))).status).toBe(200);
      // An older publication arriving late does not lower the version.
      await publishRevocations(redis, namespace, { accounts: [{ id: sub, version: 0 }] }, 60);
      expect((await me(otherSession)).status).toBe(401);
    } finally {
      redis.disconnect();
    }
  });

  it('serves health and its OpenAPI document', async () => {
    expect((await http().get('/health')).body.results).toEqual({ status: 'ok' });
    const doc = await http().get('/openapi.json');
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/health', '/ready', '/v1/notes']));
  });
});

describe('deny by default', () => {
  @Controller('v1')
  class Forgotten {
    @Get('open')
    @Public()
    open() {
      return {};
    }

    @Get('forgotten')
    forgotten() {
      return {};
    }
  }

  @Controller('v1')
  class Confused {
    @Get('both')
    @Public()
    @Roles('admin')
    both() {
      return {};
    }
  }

  const boot = async (controller: new () => object) => {
    const moduleRef = await Test.createTestingModule({
      imports: [ManzilKitModule.forRoot({ service: 'probe' })],
      controllers: [controller],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    try {
      await app.init();
    } finally {
      await app.close();
    }
  };

  it('stops the boot on an endpoint with neither @Public() nor roles, naming it', async () => {
    await expect(boot(Forgotten)).rejects.toThrow(
      /GET \/v1\/forgotten \(Forgotten\.forgotten\): neither @Public\(\) nor @Roles\/@Authenticated/,
    );
  });

  it('stops the boot on an endpoint marked both ways', async () => {
    await expect(boot(Confused)).rejects.toThrow(
      /GET \/v1\/both \(Confused\.both\): both @Public\(\) and roles/,
    );
  });

  it('without auth options reads no token (gateway, sandbox): public routes answer whatever is sent', async () => {
    @Controller('v1')
    class Open {
      @Get('open')
      @Public()
      open() {
        return { ok: true };
      }
    }
    const moduleRef = await Test.createTestingModule({
      imports: [ManzilKitModule.forRoot({ service: 'probe' })],
      controllers: [Open],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const response = await request(app.getHttpServer()).get('/v1/open').set('authorization', 'Bearer x');
      expect(response.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
