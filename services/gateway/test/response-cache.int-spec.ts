import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { CACHE_GENERATION_HEADER, CACHE_PURGE_CHANNEL, CACHE_TAG_HEADER, loadConfig } from '@manzil/nest-kit';
import { baseUrlOf, expectEventually, rawRequest, testNamespace, testRedisUrl } from '@manzil/testing';
import { createGatewayApp } from '../src/app.js';
import { envSchema } from '../src/config.js';

/**
 * A real upstream whose answers the test sets: each answer names the request it answers (a
 * counter), so a kept answer is told from a fresh one; `generation` is the tag's generation it
 * is computed in, `delayMs` holds the answer back (an answer in flight while a purge arrives).
 */
interface Upstream {
  server: Server;
  url: string;
  asked: number;
  generation: number;
  status: number;
  tagged: boolean;
  cookie: boolean;
  /** The answer breaks off after its first bytes (an upstream that died half way). */
  truncate: boolean;
  delayMs: number;
  body: (n: number) => string;
}

const smallBody = (n: number) =>
  JSON.stringify({ status: 200, success: true, message: 'OK', results: { n, text: 'دبي مارينا' } });
/** How the upstream answers unless a test says otherwise: a small tagged 200 at once. */
const usualAnswer = {
  status: 200,
  tagged: true,
  cookie: false,
  truncate: false,
  delayMs: 0,
  body: smallBody,
};

async function startUpstream(tag: string): Promise<Upstream> {
  const upstream: Upstream = {
    server: createServer(),
    url: '',
    asked: 0,
    generation: 1,
    ...usualAnswer,
  };
  upstream.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    upstream.asked += 1;
    const n = upstream.asked;
    // The answer is computed now: its generation is the one of this moment, not of when it is sent.
    const generation = upstream.generation;
    const body = Buffer.from(upstream.body(n));
    setTimeout(() => {
      res.statusCode = upstream.status;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('content-length', body.length);
      res.setHeader('etag', `W/"${n}"`);
      res.setHeader('x-request-id', `upstream-${n}`);
      if (upstream.cookie) res.setHeader('set-cookie', 'session=1');
      if (upstream.tagged) {
        res.setHeader(CACHE_TAG_HEADER, tag);
        res.setHeader(CACHE_GENERATION_HEADER, String(generation));
      }
      // In two writes, as a proxied body of some size arrives.
      res.write(body.subarray(0, 10));
      if (upstream.truncate) setTimeout(() => res.destroy(), 20);
      else res.end(body.subarray(10));
    }, upstream.delayMs);
  });
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  return upstream;
}

describe('gateway: the response cache of tagged answers', () => {
  const tag = `search:${testNamespace('gateway-cache')}:ae`;
  let upstream: Upstream;
  let app: INestApplication;
  let publisher: Redis;

  const apps: INestApplication[] = [];
  async function gateway(overrides: Record<string, string> = {}) {
    const config = loadConfig(envSchema, {
      NODE_ENV: 'test',
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      GATEWAY_RATE_NAMESPACE: testNamespace('gateway-cache-rl'),
      SEARCH_URL: upstream.url,
      ...overrides,
    });
    const created = await createGatewayApp(config, false);
    await created.listen(0, '127.0.0.1');
    apps.push(created);
    return created;
  }

  beforeAll(async () => {
    upstream = await startUpstream(tag);
    // Kept for a minute (the default): a purge, not the age, is what ends a kept answer here.
    app = await gateway();
    publisher = new Redis(testRedisUrl());
  });

  afterAll(async () => {
    for (const one of apps) await one.close();
    publisher?.disconnect();
    upstream?.server.closeAllConnections();
    await new Promise((resolve) => upstream?.server.close(resolve));
  });

  beforeEach(() => {
    Object.assign(upstream, usualAnswer);
  });

  const get = (path: string, host = 'ae.localhost:3000') =>
    request(app.getHttpServer()).get(`/api/search${path}`).set('Host', host);
  const resultOf = (response: request.Response) => (response.body as { results: { n: number } }).results.n;
  const purge = (generation: number, of = tag) =>
    publisher.publish(CACHE_PURGE_CHANNEL, JSON.stringify({ tag: of, generation }));

  /** Purges `generation`, and waits until the gateway heard it: a kept answer of `path` is asked again. */
  async function purgeHeard(path: string, generation: number) {
    await get(path).expect(200);
    await get(path).expect(200).expect('x-cache', 'HIT');
    upstream.generation = generation;
    await purge(generation);
    const asked = upstream.asked;
    await expectEventually(async () => {
      await get(path).expect(200);
      expect(upstream.asked).toBeGreaterThan(asked);
    });
  }

  it('answers a repeated GET itself, byte for byte, with its own request id and no cache headers', async () => {
    const first = await get('/v1/properties?purpose=buy&page=1').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const asked = upstream.asked;
    const second = await get('/v1/properties?purpose=buy&page=1').expect(200);
    expect(upstream.asked).toBe(asked);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(resultOf(second)).toBe(resultOf(first));
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(second.headers['etag']).toBe(first.headers['etag']);
    for (const answer of [first, second]) {
      expect(answer.headers[CACHE_TAG_HEADER]).toBeUndefined();
      expect(answer.headers[CACHE_GENERATION_HEADER]).toBeUndefined();
      // The gateway's own headers on a kept answer too.
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['x-request-id']).not.toMatch(/^upstream-/);
    // Another URL, another site: not the same answer.
    await get('/v1/properties?purpose=buy&page=2').expect(200);
    await get('/v1/properties?purpose=buy&page=1', 'sa.localhost:3000').expect(200);
    expect(upstream.asked).toBe(asked + 2);
    // A matching If-None-Match: 304, still without the upstream.
    await get('/v1/properties?purpose=buy&page=1')
      .set('if-none-match', String(first.headers['etag']))
      .expect(304);
    expect(upstream.asked).toBe(asked + 2);
  });

  /** A GET with the bytes as they came (supertest would decode them), as a browser asks. */
  const rawGet = (path: string, headers: Record<string, string>) =>
    rawRequest(baseUrlOf(app), {
      path: `/api/search${path}`,
      headers: { host: 'ae.localhost:3000', ...headers },
    });

  it('serves a kept answer of 1 KB or more compressed to the clients that accept it, the same bytes once decoded', async () => {
    const path = '/v1/map/pins?north=25.1&south=25.09&east=55.15&west=55.14';
    // 200 pins, as the map asks: tens of KB of JSON.
    upstream.body = (n) =>
      JSON.stringify({
        status: 200,
        success: true,
        message: 'OK',
        results: {
          n,
          items: Array.from({ length: 200 }, (_, i) => ({
            id: `pin-${i}`,
            title: {
              en: `Two bedroom apartment ${i} in Dubai Marina`,
              ar: `شقة بغرفتي نوم ${i} في دبي مارينا`,
            },
            displayPrice: { amount: 1_250_000 + i * 1_000, period: 'total' },
          })),
        },
      });
    const plain = await rawGet(path, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['x-cache']).toBe('MISS');
    expect(plain.headers.vary).toMatch(/(^|, )Accept-Encoding(,|$)/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const asked = upstream.asked;
    // The compressed forms are made once the answer is kept, off the request's path.
    let br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    await expectEventually(async () => {
      br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.headers['content-encoding']).toBe('br');
    });
    expect(br.headers['x-cache']).toBe('HIT');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(br.headers.vary).toMatch(/(^|, )Accept-Encoding(,|$)/);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gz = await rawGet(path, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // Refused with q=0, or nothing accepted: the plain bytes, still from memory.
    for (const accept of ['br;q=0, gzip;q=0', 'identity']) {
      const identity = await rawGet(path, { 'accept-encoding': accept });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers['x-cache']).toBe('HIT');
      expect(identity.body.equals(plain.body)).toBe(true);
    }
    // The compressed answer's validator works: 304, no body, no coding.
    const notModified = await rawGet(path, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(upstream.asked).toBe(asked);
    // A small answer is not worth it: served as it is whatever the client accepts.
    upstream.body = smallBody;
    await rawGet('/v1/small', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    const small = await rawGet('/v1/small', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['x-cache']).toBe('HIT');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('asks the upstream again after a purge of a newer generation, not after an older or another tag', async () => {
    const path = '/v1/properties?purpose=rent';
    const kept = resultOf(await get(path).expect(200));
    await purge(upstream.generation - 1);
    await purge(upstream.generation + 5, `${tag}-other`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resultOf(await get(path).expect(200))).toBe(kept);
    await purgeHeard(path, upstream.generation + 1);
    const fresh = resultOf(await get(path).expect(200));
    expect(fresh).not.toBe(kept);
    expect(resultOf(await get(path).expect(200))).toBe(fresh);
  });

  it('does not keep an answer computed before a purge that arrived while it was on its way', async () => {
    const path = '/v1/properties?purpose=buy&bedrooms=2';
    upstream.delayMs = 300;
    // supertest sends when awaited: `then` sends it now.
    const inFlight = get(path)
      .expect(200)
      .then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The purge of the next generation overtakes the answer computed in the one before.
    await purgeHeard('/v1/properties?purpose=buy&bedrooms=3', upstream.generation + 1);
    const stale = resultOf(await inFlight);
    upstream.delayMs = 0;
    const next = resultOf(await get(path).expect(200));
    expect(next).not.toBe(stale);
  });

  it('keeps no untagged answer, no error, no answer with a cookie, and none past its age', async () => {
    const asked = () => upstream.asked;
    const twice = async (path: string, status: number) => {
      const before = asked();
      await get(path).expect(status);
      await get(path).expect(status);
      return asked() - before;
    };
    upstream.tagged = false;
    expect(await twice('/v1/untagged', 200)).toBe(2);
    upstream.tagged = true;
    upstream.status = 404;
    expect(await twice('/v1/properties/gone', 404)).toBe(2);
    upstream.status = 200;
    upstream.cookie = true;
    expect(await twice('/v1/with-cookie', 200)).toBe(2);
    upstream.cookie = false;
    // A body cut short: the client sees it break, and the next visitor does not get it.
    upstream.truncate = true;
    const broken = upstream.asked;
    await expect(get('/v1/broken')).rejects.toThrow();
    upstream.truncate = false;
    await get('/v1/broken').expect(200).expect('x-cache', 'MISS');
    expect(upstream.asked).toBe(broken + 2);
    // Only GET: a POST always goes to the upstream (and is not answered from what a GET kept).
    await get('/v1/aged').expect(200);
    const before = asked();
    await request(app.getHttpServer()).post('/api/search/v1/aged').set('Host', 'ae.localhost').expect(200);
    expect(asked()).toBe(before + 1);
    await get('/v1/aged').expect(200);
    expect(asked()).toBe(before + 1);
  });

  it('keeps nothing while it cannot hear purges (Redis unreachable): every GET goes to the upstream', async () => {
    const deaf = await gateway({ REDIS_URL: 'redis://127.0.0.1:9' });
    const before = upstream.asked;
    for (let i = 0; i < 3; i++)
      await request(deaf.getHttpServer())
        .get('/api/search/v1/deaf')
        .set('Host', 'ae.localhost')
        .expect(200)
        .expect((response) => expect(response.headers['x-cache']).toBeUndefined());
    expect(upstream.asked).toBe(before + 3);
  });

  it('asks the upstream again once an answer is older than RESPONSE_CACHE_MAX_AGE_SECONDS, purge or not', async () => {
    const aging = await gateway({ RESPONSE_CACHE_MAX_AGE_SECONDS: '1' });
    const aged = () => request(aging.getHttpServer()).get('/api/search/v1/aged').set('Host', 'ae.localhost');
    const first = resultOf(await aged().expect(200));
    expect(resultOf(await aged().expect(200).expect('x-cache', 'HIT'))).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(resultOf(await aged().expect(200).expect('x-cache', 'MISS'))).not.toBe(first);
  });
});
