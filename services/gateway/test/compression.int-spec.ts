// The frontends' assets arrive compressed: the .br or .gz the build wrote beside each file, by
// Accept-Encoding, with the original's type and caching; index.html compressed as rewritten.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { Request, Response } from 'express';
import { loadConfig } from '@manzil/nest-kit';
import { baseUrlOf, rawRequest, testNamespace, testRedisUrl, type RawResponse } from '@manzil/testing';
import { createGatewayApp } from '../src/app.js';
import { chooseEncoding, precompressed } from '../src/compression.js';
import { envSchema } from '../src/config.js';

const SHELL_JS = `console.log(${JSON.stringify('shell '.repeat(400))});`;
const REMOTE_ENTRY = `var customer = ${JSON.stringify({ remote: 'customer'.repeat(200) })};`;
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><title>shell</title><meta name="description" content="generic" /></head><body><div id="root"></div><script src="/main.3f2a9c1b.js"></script></body></html>';

/** A built shell and customer remote, with the variants the build writes (made differently, so a mix-up shows). */
function builtFrontends(): string {
  const dir = mkdtempSync(join(tmpdir(), 'manzil-compressed-'));
  const write = (file: string, content: string, variants = true) => {
    const path = join(dir, file);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    if (!variants) return;
    writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(content)));
    writeFileSync(`${path}.gz`, gzipSync(Buffer.from(content)));
  };
  write('shell/dist/index.html', INDEX);
  // A stale precompressed index.html must never be served: its head is generic.
  writeFileSync(join(dir, 'shell/dist/index.html.br'), brotliCompressSync(Buffer.from(INDEX)));
  writeFileSync(join(dir, 'shell/dist/index.html.gz'), gzipSync(Buffer.from(INDEX)));
  write('shell/dist/main.3f2a9c1b.js', SHELL_JS);
  write('shell/dist/app.1a2b3c4d.css', `.a{color:red}${'.b{margin:0}'.repeat(50)}`);
  write('shell/dist/plain.5e6f7a8b.js', 'console.log("no variants")', false);
  write('customer/dist/remoteEntry.js', REMOTE_ENTRY);
  write('customer/dist/mf-manifest.json', '{"name":"customer"}');
  return dir;
}

type Raw = RawResponse;

/** The bytes as sent (supertest and fetch would decode them). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return rawRequest(base, { path, headers: { host: 'ae.localhost', ...headers } });
}

function decoded(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body).toString();
  if (encoding === 'gzip') return gunzipSync(raw.body).toString();
  expect(encoding).toBeUndefined();
  return raw.body.toString();
}

const varyOf = (raw: Raw) =>
  String(raw.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('compressed frontends', () => {
  let dir: string;
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    dir = builtFrontends();
    const config = loadConfig(envSchema, {
      NODE_ENV: 'test',
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      GATEWAY_RATE_NAMESPACE: testNamespace('gateway-compression'),
      FRONTENDS_DIR: dir,
    });
    app = await createGatewayApp(config, false);
    await app.listen(0, '127.0.0.1');
    base = baseUrlOf(app);
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'a hashed script with Accept-Encoding %s comes as %s, long-cached and whole',
    async (accept, encoding) => {
      const raw = await get(
        base,
        '/main.3f2a9c1b.js',
        accept === undefined ? {} : { 'accept-encoding': accept },
      );
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(raw)).toContain('accept-encoding');
      expect(decoded(raw)).toBe(SHELL_JS);
      if (encoding) expect(raw.body.length).toBeLessThan(Buffer.byteLength(SHELL_JS));
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
    },
  );

  it('keeps each type: css as css', async () => {
    const raw = await get(base, '/app.1a2b3c4d.css', { 'accept-encoding': 'br' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves a file the build wrote no variant for as it is', async () => {
    const raw = await get(base, '/plain.5e6f7a8b.js', { 'accept-encoding': 'br, gzip' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.toString()).toBe('console.log("no variants")');
  });

  it('compresses a remote entry but keeps it revalidated', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const raw = await get(
        base,
        '/remotes/customer/remoteEntry.js',
        accept ? { 'accept-encoding': accept } : {},
      );
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBe(accept || undefined);
      expect(raw.headers['cache-control']).toBe('no-cache');
      expect(decoded(raw)).toBe(REMOTE_ENTRY);
    }
    const manifest = await get(base, '/remotes/customer/mf-manifest.json', { 'accept-encoding': 'gzip' });
    expect(manifest.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decoded(manifest))).toEqual({ name: 'customer' });
  });

  it.each([
    ['ECONNABORTED', false],
    ['ENOENT', true],
  ])(
    'after a precompressed answer fails with %s, falls back to the plain file: %s',
    async (code, fallsBack) => {
      // An aborted answer once fell through to the plain file, whose stream then set headers
      // on a response already answered, and the gateway process died.
      const handler = precompressed(join(dir, 'shell', 'dist'), () => undefined);
      let nexts = 0;
      const answered = new Promise<void>((resolve) => {
        const response = {
          headersSent: false,
          vary: () => response,
          type: () => response,
          setHeader: () => response,
          removeHeader: () => undefined,
          sendFile: (_path: string, _options: unknown, done: (error?: Error) => void) => {
            done(Object.assign(new Error(code), { code }));
            resolve();
          },
        };
        handler(
          { path: '/main.3f2a9c1b.js', headers: { 'accept-encoding': 'br' } } as unknown as Request,
          response as unknown as Response,
          () => (nexts += 1),
        );
      });
      await answered;
      expect(nexts).toBe(fallsBack ? 1 : 0);
    },
  );

  it('never serves a file outside the folder through a variant', async () => {
    const raw = await get(base, '/remotes/customer/..%2f..%2fshell/dist/main.3f2a9c1b.js', {
      'accept-encoding': 'br',
    });
    expect(raw.status).toBe(404);
  });

  it('compresses index.html as rewritten for the page, never the stale build copy', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const raw = await get(base, '/buy/properties-for-sale', {
        ...(accept ? { 'accept-encoding': accept } : {}),
        cookie: 'lang=ar',
      });
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBe(accept || undefined);
      expect(raw.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(raw.headers['cache-control']).toBe('no-cache');
      expect(varyOf(raw)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
      const html = decoded(raw);
      expect(html).toContain('<html lang="ar" dir="rtl"');
      expect(html).not.toContain('<title>shell</title>');
    }
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip, br', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
