// What the guard does when Redis (where revocations live) stops answering: a bounded grace
// (tokens accepted, except those this process already saw revoked), then 503 in the user's
// language, while public routes go on as for a visitor. A Redis of our own on a free port,
// stopped and started again here (never the machine's).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Controller, Get, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import request from 'supertest';
import { Authenticated, configureApp, ManzilKitModule, Public, publishRevocations } from '../src/index.js';
import { AUDIENCE, ISSUER, startJwksServer, testNamespace, tokenFor, type JwksServer } from './support.js';

@Controller('v1')
class ProbeController {
  @Get('me')
  @Authenticated()
  me() {
    return { ok: true };
  }

  @Get('open')
  @Public()
  open() {
    return { ok: true };
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 50 });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  for (let i = 0; i < 100 && (await probe.ping().catch(() => null)) !== 'PONG'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('revocation checks while Redis is down', () => {
  const namespace = testNamespace();
  let port: number;
  let redis: ChildProcess;
  let jwks: JwksServer;
  let failOpen: INestApplication;
  let failClosed: INestApplication;

  const app = async (graceSeconds: number) => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ManzilKitModule.forRoot({
          service: 'probe',
          auth: {
            jwks: jwks.url,
            issuer: ISSUER,
            audience: AUDIENCE,
            namespace,
            redisGraceSeconds: graceSeconds,
          },
          redisUrl: `redis://127.0.0.1:${port}`,
        }),
      ],
      controllers: [ProbeController],
    }).compile();
    const built = moduleRef.createNestApplication({ logger: false });
    configureApp(built);
    await built.listen(0, '127.0.0.1');
    return built;
  };
  const call = (target: INestApplication, path: string, token: string, language = 'en') =>
    request(target.getHttpServer())
      .get(path)
      .set('authorization', `Bearer ${token}`)
      .set('language', language);

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    jwks = await startJwksServer();
    failOpen = await app(3600);
    failClosed = await app(0);
  }, 30_000);

  afterAll(async () => {
    await failOpen?.close();
    await failClosed?.close();
    await jwks?.close();
    if (redis) await stopRedis(redis);
  });

  it('accepts within the grace, refuses what it saw revoked, then answers 503 in the language; public routes go on', async () => {
    const revokedId = randomUUID();
    const revoked = await tokenFor('user', { sub: revokedId, tv: 0 });
    const fine = await tokenFor('user', { tv: 0 });
    const client = new Redis({ port, host: '127.0.0.1' });
    await publishRevocations(client, namespace, { accounts: [{ id: revokedId, version: 1 }] }, 600);
    client.disconnect();
    for (const target of [failOpen, failClosed]) {
      expect((await call(target, '/v1/me', revoked)).status).toBe(401);
      expect((await call(target, '/v1/me', fine)).status).toBe(200);
    }

    await stopRedis(redis);

    // Within the grace: accepted, except the account this process read as revoked.
    expect((await call(failOpen, '/v1/me', fine)).status).toBe(200);
    expect((await call(failOpen, '/v1/me', revoked)).status).toBe(401);
    // No grace left: closed, in the request's language.
    const closed = await call(failClosed, '/v1/me', fine, 'ar');
    expect(closed.status).toBe(503);
    expect(closed.body).toEqual({
      status: 503,
      success: false,
      message: 'حدث خطأ، يرجى المحاولة لاحقًا',
      results: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect((await call(failClosed, '/v1/me', revoked)).status).toBe(401);
    // A public route does not fail for want of Redis: it answers as to a visitor.
    expect((await call(failClosed, '/v1/open', fine)).status).toBe(200);

    // Redis back (on the same port): the checks answer again.
    redis = await startRedis(port);
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await call(failClosed, '/v1/me', fine)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
  }, 30_000);
});
