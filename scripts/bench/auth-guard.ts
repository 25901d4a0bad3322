/**
 * What nest-kit's guard costs per request: a route without a token, the same route with a
 * token (passport-jwt: RS256 verification with the key of the JWKS, by kid), and a route with
 * roles (the same plus the revocation MGET in Redis). One process serves and loads (so the
 * figures compare the three routes; they are not the service's capacity).
 *
 *   node --conditions=source --import ./infra/testing/support/swc-register.mjs \
 *     scripts/bench/auth-guard.ts [--seconds 5] [--concurrency 16]
 *
 * Redis: REDIS_URL (default redis://127.0.0.1:6379), under a fresh namespace.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { importPKCS8, SignJWT } from 'jose';
import { Authenticated, configureApp, ManzilKitModule, Public, publicJwk } from '@manzil/nest-kit';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const pair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const jwk = publicJwk(pair.publicKey);
const jwks = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
});
await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
const jwksUrl = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/.well-known/jwks.json`;

@Controller('v1')
class BenchController {
  @Get('open')
  @Public()
  open() {
    return { ok: true };
  }

  @Get('me')
  @Authenticated()
  me() {
    return { ok: true };
  }
}

@Module({
  imports: [
    ManzilKitModule.forRoot({
      service: 'bench',
      auth: {
        jwks: jwksUrl,
        issuer: 'manzil-identity',
        audience: 'manzil',
        namespace: `bench:${randomBytes(4).toString('hex')}`,
        redisGraceSeconds: 30,
      },
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    }),
  ],
  controllers: [BenchController],
})
class BenchModule {}

const app = await NestFactory.create(BenchModule, { logger: false, bodyParser: false });
configureApp(app);
await app.listen(0, '127.0.0.1');
const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

const token = await new SignJWT({ role: 'user', site: 'ae', tv: 0, sid: 'bench-session' })
  .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
  .setSubject('00000000-0000-4000-8000-000000000001')
  .setIssuer('manzil-identity')
  .setAudience('manzil')
  .setExpirationTime('1h')
  .sign(await importPKCS8(pair.privateKey, 'RS256'));

async function load(path: string, headers: Record<string, string>, duration: number) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(base + path, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    'req/s': Math.round(latencies.length / duration),
    'p50 ms': at(0.5).toFixed(2),
    'p95 ms': at(0.95).toFixed(2),
    'p99 ms': at(0.99).toFixed(2),
    'non-200': failures,
  };
}

const bearer = { authorization: `Bearer ${token}` };
const cases: [string, string, Record<string, string>][] = [
  ['public route, no token', '/v1/open', {}],
  ['public route, token (passport-jwt, RS256 by kid)', '/v1/open', bearer],
  ['@Authenticated() route (+ revocation MGET)', '/v1/me', bearer],
];
for (const [, path, headers] of cases) await load(path, headers, 1); // warm-up: JIT, JWKS, connections
const rows: Record<string, unknown> = {};
for (const [name, path, headers] of cases) rows[name] = await load(path, headers, seconds);
console.log(
  `auth guard, ${concurrency} concurrent clients, ${seconds} s per case (client and server in one process)`,
);
console.table(rows);

await app.close();
await new Promise((resolve) => jwks.close(resolve));
