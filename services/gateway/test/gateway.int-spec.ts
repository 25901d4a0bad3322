import { createServer, get as httpGet, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { loadConfig, MetricsServer } from '@manzil/nest-kit';
import {
  baseUrlOf,
  driveBadInput,
  httpSeries,
  rawRequest,
  scrapeMetrics,
  testNamespace,
  testRedisUrl,
} from '@manzil/testing';
import { createGatewayApp } from '../src/app.js';
import { envSchema, type GatewayConfig } from '../src/config.js';
import { RateLimiter } from '../src/rate-limit.js';

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A real upstream: answers with what it received. `/slow` never answers. */
async function startEcho(): Promise<{ server: Server; url: string }> {
  const server = createServer((req: IncomingMessage, res) => {
    if (req.url?.startsWith('/slow')) return;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const echo: Echo = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The search service's property detail, for one published listing (`sea-view`); 404 otherwise. */
async function startFakeSearch(): Promise<{ server: Server; url: string; asked: Record<string, string>[] }> {
  const asked: Record<string, string>[] = [];
  const place = (id: string, en: string, ar: string) => ({ id, name: { en, ar } });
  const listing = {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    site: 'ae',
    slug: 'sea-view',
    title: { en: 'Sea view apartment', ar: 'شقة بإطلالة بحرية' },
    propertyType: 'buy',
    kind: 'apartment',
    price: 2_500_000,
    currency: 'AED',
    bedrooms: 2,
    bathrooms: 2,
    area: 1250,
    areaUnit: 'sqft',
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: '/p/1.webp',
    agreementType: 'exclusive',
    agentName: 'Sara',
    approvedAt: '2026-10-01T00:00:00.000Z',
    category: 'residential',
    purpose: 'buy',
    subTitle: null,
    description: { en: 'High floor, sea view.', ar: 'طابق مرتفع بإطلالة بحرية.' },
    nearestFacilities: null,
    prices: { price: 2_500_000, daily: null, weekly: null, monthly: null, yearly: null },
    location: {
      city: place('ae.dubai', 'Dubai', 'دبي'),
      community: place('ae.dubai.dubai-marina', 'Dubai Marina', 'دبي مارينا'),
      subCommunity: null,
      building: null,
    },
    facts: {},
    media: { photos: ['/p/1.webp'], videos: [], floorPlans: [], tour360Url: null },
    agent: { id: null, name: 'Sara' },
    company: null,
    badge: 'GOLD',
    regulator: null,
    permitNumber: null,
    referenceNumber: null,
    displayPrice: { amount: 2_500_000, period: 'total' },
    exactLocation: true,
  };
  const detail = {
    listing,
    nearby: [],
    similar: [],
    priceTrend: { location: null, purpose: 'buy', currency: 'AED', areaUnit: 'sqft', points: [] },
  };
  const server = createServer((req: IncomingMessage, res) => {
    asked.push({
      url: req.url ?? '',
      site: String(req.headers['x-site']),
      language: String(req.headers['language']),
    });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/v1/properties/sea-view') {
      res.end(JSON.stringify({ status: 200, success: true, message: 'OK', results: detail }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: 404, success: false, message: 'No Record Found', results: null }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function fakeFrontends(): string {
  const dir = mkdtempSync(join(tmpdir(), 'manzil-frontends-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en" dir="ltr"><head><title>shell</title><meta name="description" content="generic" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'shell', 'dist', 'main.3f2a9c1b.js'), 'console.log("shell")');
  mkdirSync(join(dir, 'customer', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'customer', 'dist', 'mf-manifest.json'), '{"name":"customer"}');
  writeFileSync(join(dir, 'customer', 'dist', 'remoteEntry.js'), 'var customer;');
  // agent-portal, company-portal and admin are deliberately not built.
  return dir;
}

describe('gateway', () => {
  let echo: { server: Server; url: string };
  let frontendsDir: string;
  let base: GatewayConfig;
  const apps: INestApplication[] = [];

  async function gateway(overrides: Record<string, string> = {}): Promise<INestApplication> {
    const config = loadConfig(envSchema, {
      NODE_ENV: 'test',
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      GATEWAY_RATE_NAMESPACE: testNamespace('gateway'),
      FRONTENDS_DIR: frontendsDir,
      IDENTITY_URL: echo.url,
      LISTINGS_URL: echo.url,
      // Never the search service of whatever runs on this machine: a property page's head
      // would depend on it.
      SEARCH_URL: echo.url,
      ...overrides,
    });
    const app = await createGatewayApp(config, false);
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    return app;
  }

  let app: INestApplication;

  beforeAll(async () => {
    echo = await startEcho();
    frontendsDir = fakeFrontends();
    base = loadConfig(envSchema, { PORT: '0' });
    expect(base.RATE_LIMIT_PER_MINUTE).toBe(600);
    app = await gateway();
  });

  afterAll(async () => {
    for (const one of apps) await one.close();
    echo.server.closeAllConnections();
    await new Promise((resolve) => echo.server.close(resolve));
    rmSync(frontendsDir, { recursive: true, force: true });
  });

  describe('proxy', () => {
    it('strips /api/<service>, sets x-site from the Host and forwards the headers', async () => {
      const response = await request(app.getHttpServer())
        .get('/api/identity/v1/accounts/me?x=1&y=%D9%85')
        .set('Host', 'sa.localhost:3000')
        .set('x-site', 'ae')
        .set('language', 'ar')
        .set('timezoneOffset', '+03:00')
        .set('authorization', 'Bearer abc.def.ghi')
        .expect(200);
      const body = response.body as Echo;
      expect(body.url).toBe('/v1/accounts/me?x=1&y=%D9%85');
      expect(body.headers['x-site']).toBe('sa');
      expect(body.headers['language']).toBe('ar');
      expect(body.headers['timezoneoffset']).toBe('+03:00');
      expect(body.headers['authorization']).toBe('Bearer abc.def.ghi');
      expect(body.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-request-id']).toBe(body.headers['x-request-id']);
    });

    it('resolves ae for ae.localhost and plain localhost, and keeps a sent request id', async () => {
      const ae = await request(app.getHttpServer())
        .get('/api/listings/v1/x')
        .set('Host', 'ae.localhost:3000')
        .expect(200);
      expect((ae.body as Echo).headers['x-site']).toBe('ae');
      expect((ae.body as Echo).url).toBe('/v1/x');
      const plain = await request(app.getHttpServer())
        .get('/api/listings')
        .set('Host', 'localhost:3000')
        .set('x-request-id', 'req-123')
        .expect(200);
      expect((plain.body as Echo).headers['x-site']).toBe('ae');
      expect((plain.body as Echo).headers['x-request-id']).toBe('req-123');
      expect((plain.body as Echo).url).toBe('/');
    });

    it('streams request bodies to the upstream', async () => {
      const response = await request(app.getHttpServer())
        .post('/api/identity/v1/auth/login')
        .set('Host', 'sa.localhost:3000')
        .send({ mobile: '٠٥٠١٢٣٤٥٦٧', password: 'secret' })
        .expect(200);
      const body = response.body as Echo;
      expect(body.method).toBe('POST');
      expect(JSON.parse(body.body)).toEqual({ mobile: '٠٥٠١٢٣٤٥٦٧', password: 'secret' });
    });

    it('answers 404 in the envelope for an unknown service', async () => {
      const response = await request(app.getHttpServer())
        .get('/api/nope/v1/x')
        .set('language', 'ar')
        .expect(404);
      expect(response.body).toEqual({
        status: 404,
        success: false,
        message: 'لم يتم العثور على سجل',
        results: { code: 'NOT_FOUND' },
      });
    });

    it('answers 502 in the request language when the upstream is down', async () => {
      const down = await gateway({ PAYMENTS_URL: `http://127.0.0.1:${await closedPort()}` });
      const en = await request(down.getHttpServer()).get('/api/payments/v1/plans').expect(502);
      expect(en.body).toEqual({
        status: 502,
        success: false,
        message: 'Something wrong, please try again later',
        results: { code: 'SERVICE_UNAVAILABLE', service: 'payments' },
      });
      const ar = await request(down.getHttpServer())
        .get('/api/payments/v1/plans')
        .set('language', 'ar')
        .expect(502);
      expect(ar.body.message).toBe('حدث خطأ، يرجى المحاولة لاحقًا');
      expect(ar.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('answers 502 when the upstream times out', async () => {
      const slow = await gateway({ CONTENT_URL: echo.url, PROXY_TIMEOUT_MS: '300' });
      const response = await request(slow.getHttpServer()).get('/api/content/slow').expect(502);
      expect(response.body.results).toEqual({ code: 'SERVICE_UNAVAILABLE', service: 'content' });
    });

    it('keeps its connections to a service alive: calls in a row travel over one socket, closed with the gateway', async () => {
      const counted = await startEcho();
      let connections = 0;
      let open = 0;
      counted.server.on('connection', (socket) => {
        connections += 1;
        open += 1;
        socket.on('close', () => (open -= 1));
      });
      try {
        const keeping = await gateway({ CONTENT_URL: counted.url });
        for (let i = 0; i < 5; i++) {
          const response = await request(keeping.getHttpServer())
            .get(`/api/content/v1/pages/${i}`)
            .expect(200);
          expect((response.body as Echo).url).toBe(`/v1/pages/${i}`);
          // supertest asks for `connection: close`: hop-by-hop, not passed on.
          expect((response.body as Echo).headers.connection).toBe('keep-alive');
        }
        expect(connections).toBe(1);
        await keeping.close();
        apps.splice(apps.indexOf(keeping), 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(open).toBe(0);
      } finally {
        counted.server.closeAllConnections();
        await new Promise((resolve) => counted.server.close(resolve));
      }
    });

    it("streams an answer as it comes (SSE), and closes the service's request when the client goes away", async () => {
      let upstreamClosed: () => void = () => undefined;
      const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
      const stream = createServer((req, res) => {
        req.on('close', () => upstreamClosed());
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: price\ndata: {"currentPrice":1}\n\n');
      });
      await new Promise<void>((resolve) => stream.listen(0, '127.0.0.1', resolve));
      try {
        const live = await gateway({
          AUCTIONS_URL: `http://127.0.0.1:${(stream.address() as AddressInfo).port}`,
        });
        const { port } = live.getHttpServer().address() as AddressInfo;
        const first = await new Promise<{ type: string; chunk: string; close: () => void }>(
          (resolve, reject) => {
            const req = httpGet(
              { host: '127.0.0.1', port, path: '/api/auctions/v1/auctions/x/live' },
              (res) => {
                res.once('data', (chunk: Buffer) =>
                  resolve({
                    type: String(res.headers['content-type']),
                    chunk: chunk.toString(),
                    close: () => req.destroy(),
                  }),
                );
              },
            );
            req.on('error', reject);
          },
        );
        // The first event arrives while the service's answer is still open.
        expect(first.type).toBe('text/event-stream');
        expect(first.chunk).toContain('event: price');
        first.close();
        await closed;
      } finally {
        stream.closeAllConnections();
        await new Promise((resolve) => stream.close(resolve));
      }
    });

    it('does not know the sandbox in production', async () => {
      const production = await gateway({ NODE_ENV: 'production', SANDBOX_URL: echo.url });
      await request(production.getHttpServer()).get('/api/sandbox/v1/sms').expect(404);
      const development = await gateway({ SANDBOX_URL: echo.url });
      const response = await request(development.getHttpServer()).get('/api/sandbox/v1/sms').expect(200);
      expect((response.body as Echo).url).toBe('/v1/sms');
    });
  });

  describe('frontends', () => {
    it('serves the shell, its hashed assets immutable and index.html not cached', async () => {
      const index = await request(app.getHttpServer()).get('/').expect(200);
      expect(index.text).toContain('<div id="root"></div>');
      expect(index.text).toContain('<title>Find your next home in the UAE | Manzil</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      const asset = await request(app.getHttpServer()).get('/main.3f2a9c1b.js').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toContain('javascript');
    });

    it('falls back to index.html for app routes (Arabic slugs too), not for files, /api or /remotes', async () => {
      for (const path of [
        '/property/villa-in-dubai',
        '/%D8%B4%D8%B1%D8%A7%D8%A1/%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-%D9%84%D9%84%D8%A8%D9%8A%D8%B9',
        '/admin/users',
      ]) {
        const page = await request(app.getHttpServer()).get(path).expect(200);
        expect(page.text).toContain('<div id="root"></div>');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      await request(app.getHttpServer()).get('/missing.js').expect(404);
      await request(app.getHttpServer()).get('/remotes/customer/nothing-here').expect(404);
      const api = await request(app.getHttpServer()).get('/api').expect(404);
      expect(api.body.results).toEqual({ code: 'NOT_FOUND' });
      await request(app.getHttpServer()).post('/property/x').expect(404);
    });

    it('answers 301 from a renamed Arabic slug to its new path, query kept', async () => {
      const moved = await request(app.getHttpServer())
        .get(`${encodeURI('/ابحث-عن-وكيل-عقاري')}?lang=ar`)
        .expect(301);
      expect(decodeURI(moved.headers.location)).toBe('/ابحث-عن-وسيط-عقاري?lang=ar');
      const contact = await request(app.getHttpServer()).get(encodeURI('/اتصل-بنا/')).expect(301);
      expect(decodeURI(contact.headers.location)).toBe('/تواصل-معنا');
      // The new paths are pages.
      await request(app.getHttpServer()).get(encodeURI('/تواصل-معنا')).expect(200);
    });

    it('writes the page head for the route, site and language into index.html', async () => {
      const arabic = await request(app.getHttpServer())
        .get('/%D8%B4%D8%B1%D8%A7%D8%A1/%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-%D9%84%D9%84%D8%A8%D9%8A%D8%B9')
        .set('Host', 'sa.localhost:3000')
        .expect(200);
      expect(arabic.text).toMatch(/<html lang="ar" dir="rtl" data-site="sa">/);
      expect(arabic.text).toContain('<title>عقارات للبيع في السعودية | منزل</title>');
      expect(arabic.text).not.toContain('generic');
      expect(arabic.text).toContain(
        '<link rel="alternate" href="http://sa.localhost:3000/buy/properties-for-sale" hreflang="en" data-manzil-head />',
      );
      expect(arabic.headers['vary']).toMatch(/Cookie/);
      const cookie = await request(app.getHttpServer()).get('/').set('Cookie', 'x=1; lang=ar').expect(200);
      expect(cookie.text).toMatch(/<html lang="ar" dir="rtl"/);
      const missing = await request(app.getHttpServer()).get('/no/such/page').expect(404);
      expect(missing.text).toContain('<meta name="robots" content="noindex" data-manzil-head />');
      expect(missing.text).toContain('<div id="root"></div>');
    });

    it("writes the page's first content (header and heading, its language) before #root, sign-in's own, none on its steps", async () => {
      const home = await request(app.getHttpServer())
        .get('/')
        .set('Host', 'sa.localhost:3000')
        .set('Cookie', 'lang=ar')
        .expect(200);
      expect(home.text).toMatch(/<html lang="ar" dir="rtl"/);
      expect(home.text).toMatch(
        /<div id="mz-first-paint" aria-hidden="true">.*<span class="fp-name">منزل<\/span>.*<h1>اعثر على منزلك القادم في السعودية<\/h1>.*<\/div><div id="root"><\/div>/s,
      );
      expect(home.text).toContain('<style data-first-paint>');
      const listing = await request(app.getHttpServer()).get('/buy/properties-for-sale').expect(200);
      expect(listing.text).toContain('<h1 class="fp-heading">Properties for sale in the UAE</h1>');
      const login = await request(app.getHttpServer()).get('/login').set('Cookie', 'lang=ar').expect(200);
      expect(login.text).toMatch(
        /<div id="mz-first-paint" class="fp-auth-page" aria-hidden="true">.*<h1>تسجيل الدخول<\/h1><p>مرحبًا بعودتك. سجّل الدخول برقم جوالك.<\/p>.*<\/div><div id="root"><\/div>/s,
      );
      const register = await request(app.getHttpServer()).get('/register').expect(200);
      expect(register.text).not.toContain('mz-first-paint');
      expect(register.text).toContain('<div id="root"></div>');
    });

    it("writes a property page's head from the search service: title, canonical and JSON-LD", async () => {
      const search = await startFakeSearch();
      try {
        const withSearch = await gateway({ SEARCH_URL: search.url });
        const page = await request(withSearch.getHttpServer())
          .get('/property/sea-view?lang=ar')
          .set('Host', 'ae.localhost:3000')
          .expect(200);
        expect(page.text).toContain('<title>شقة بإطلالة بحرية | منزل</title>');
        expect(page.text).toContain(
          '<link rel="canonical" href="http://ae.localhost:3000/property/sea-view?lang=ar" data-manzil-head />',
        );
        const jsonLd = /<script type="application\/ld\+json" data-manzil-head>(.*?)<\/script>/s.exec(
          page.text,
        );
        expect(JSON.parse(jsonLd![1]!)).toMatchObject({
          '@type': 'RealEstateListing',
          name: 'شقة بإطلالة بحرية',
          url: 'http://ae.localhost:3000/property/sea-view',
          offers: { price: 2_500_000, priceCurrency: 'AED' },
        });
        expect(search.asked.at(-1)).toEqual({ url: '/v1/properties/sea-view', site: 'ae', language: 'ar' });
        const gone = await request(withSearch.getHttpServer()).get('/property/sold-yesterday').expect(404);
        expect(gone.text).toContain('<meta name="robots" content="noindex" data-manzil-head />');
      } finally {
        search.server.closeAllConnections();
        await new Promise((resolve) => search.server.close(resolve));
      }
    });

    it('gives a CMS page the site head at once when content does not answer', async () => {
      const down = await gateway({ CONTENT_URL: `http://127.0.0.1:${await closedPort()}` });
      const page = await request(down.getHttpServer()).get('/pages/about-us').expect(200);
      expect(page.text).toContain('<title>Properties to buy and rent in the UAE | Manzil</title>');
      expect(page.text).toContain('<link rel="canonical" href="http://127.0.0.1');
    });

    it('serves each remote under /remotes/<name>/ and 404s a remote that is not built', async () => {
      const manifest = await request(app.getHttpServer())
        .get('/remotes/customer/mf-manifest.json')
        .expect(200);
      expect(manifest.body).toEqual({ name: 'customer' });
      expect(manifest.headers['cache-control']).toBe('no-cache');
      await request(app.getHttpServer()).get('/remotes/customer/remoteEntry.js').expect(200);
      await request(app.getHttpServer()).get('/remotes/admin/mf-manifest.json').expect(404);
      await request(app.getHttpServer()).get('/remotes/unknown/mf-manifest.json').expect(404);
    });

    it('serves the runtime manifest, overridable from the environment', async () => {
      const response = await request(app.getHttpServer()).get('/remotes.json').expect(200);
      expect(response.body).toEqual({
        customer: '/remotes/customer/mf-manifest.json',
        agentPortal: '/remotes/agent-portal/mf-manifest.json',
        companyPortal: '/remotes/company-portal/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
      });
      const custom = await gateway({
        REMOTES_MANIFEST: '{"customer":"https://cdn.example/customer/mf-manifest.json"}',
      });
      const overridden = await request(custom.getHttpServer()).get('/remotes.json').expect(200);
      expect(overridden.body).toEqual({ customer: 'https://cdn.example/customer/mf-manifest.json' });
    });

    it('keeps running without any dist', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'manzil-empty-'));
      try {
        const bare = await gateway({ FRONTENDS_DIR: empty });
        await request(bare.getHttpServer()).get('/').expect(404);
        await request(bare.getHttpServer()).get('/remotes/customer/mf-manifest.json').expect(404);
        await request(bare.getHttpServer()).get('/health').expect(200);
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    });

    it('keeps its own /health, /ready and /openapi.json', async () => {
      const health = await request(app.getHttpServer()).get('/health').expect(200);
      expect(health.body).toEqual({ status: 200, success: true, message: 'OK', results: { status: 'ok' } });
      await request(app.getHttpServer()).get('/ready').expect(200);
      const openapi = await request(app.getHttpServer()).get('/openapi.json').expect(200);
      expect(openapi.body.openapi).toBe('3.1.0');
    });
  });

  describe('security headers', () => {
    it('sets them on static and proxied responses, without HSTS over http', async () => {
      for (const path of ['/', '/api/identity/v1/x', '/api/nope']) {
        const response = await request(app.getHttpServer()).get(path);
        const csp = response.headers['content-security-policy'];
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("img-src 'self' data: blob:");
        expect(csp).toContain("connect-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(response.headers['strict-transport-security']).toBeUndefined();
        expect(response.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('sets HSTS when a trusted proxy says the request came over https', async () => {
      const response = await request(app.getHttpServer())
        .get('/')
        .set('X-Forwarded-Proto', 'https')
        .expect(200);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('CORS', () => {
    it('allows a listed origin, with its preflight', async () => {
      const simple = await request(app.getHttpServer())
        .get('/api/identity/v1/x')
        .set('Origin', 'http://sa.localhost:3000')
        .expect(200);
      expect(simple.headers['access-control-allow-origin']).toBe('http://sa.localhost:3000');
      expect(simple.headers['access-control-allow-credentials']).toBe('true');
      const preflight = await request(app.getHttpServer())
        .options('/api/identity/v1/auth/login')
        .set('Origin', 'http://ae.localhost:3000')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, language, authorization')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://ae.localhost:3000');
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']).toContain('language');
      expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    });

    it('gives another origin no CORS headers', async () => {
      const simple = await request(app.getHttpServer())
        .get('/api/identity/v1/x')
        .set('Origin', 'https://evil.example')
        .expect(200);
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await request(app.getHttpServer())
        .options('/api/identity/v1/x')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'DELETE')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    });
  });

  describe('rate limit', () => {
    it('answers 429 with Retry-After after the limit, per client IP, in the language', async () => {
      const limited = await gateway({ RATE_LIMIT_PER_MINUTE: '3' });
      const server = limited.getHttpServer();
      for (let i = 0; i < 3; i += 1) {
        await request(server).get('/api/identity/v1/x').set('X-Forwarded-For', '203.0.113.7').expect(200);
      }
      const refused = await request(server)
        .get('/api/identity/v1/x')
        .set('X-Forwarded-For', '203.0.113.7')
        .set('language', 'ar')
        .expect(429);
      expect(refused.body).toEqual({
        status: 429,
        success: false,
        message: 'طلبات كثيرة جدًا. يرجى المحاولة لاحقًا.',
        results: { code: 'RATE_LIMITED' },
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another client still gets through, and pages are not limited.
      await request(server).get('/api/identity/v1/x').set('X-Forwarded-For', '203.0.113.8').expect(200);
      await request(server).get('/').set('X-Forwarded-For', '203.0.113.7').expect(200);
    });

    it('counts hits that arrive together one by one: one batch, the counts INCRs in a row would give', async () => {
      const limiter = new RateLimiter({
        redisUrl: testRedisUrl(),
        namespace: testNamespace('gateway-batch'),
        perMinute: 4,
      });
      await limiter.onModuleInit();
      try {
        // Asked in one turn: one INCRBY of 5, shared out in the order asked.
        const first = await Promise.all(Array.from({ length: 5 }, () => limiter.hit('203.0.113.9')));
        expect(first.map((hit) => hit?.count)).toEqual([1, 2, 3, 4, 5]);
        const next = await Promise.all([limiter.hit('203.0.113.9'), limiter.hit('203.0.113.10')]);
        expect(next.map((hit) => hit?.count)).toEqual([6, 1]);
        expect(next[0]!.resetMs).toBeGreaterThan(0);
        expect(next[0]!.resetMs).toBeLessThanOrEqual(60_000);
      } finally {
        await limiter.onModuleDestroy();
      }
    });

    it('fails open when Redis is down', async () => {
      const noRedis = await gateway({
        RATE_LIMIT_PER_MINUTE: '1',
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      });
      for (let i = 0; i < 3; i += 1) {
        await request(noRedis.getHttpServer()).get('/api/identity/v1/x').expect(200);
      }
    });
  });

  describe('client IP behind proxies', () => {
    // The test client plays the ingress controller from 127.0.0.3, which the gateway trusts;
    // 127.0.0.4 is any other client. (The whole of 127/8 is loopback.)
    const INGRESS = '127.0.0.3';

    it('forwards only the client IP it settled on, not the chain a client wrote', async () => {
      const behindIngress = await gateway({ TRUST_PROXY: `${INGRESS}/32` });
      const viaIngress = await rawRequest(baseUrlOf(behindIngress), {
        path: '/api/identity/v1/x',
        localAddress: INGRESS,
        headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.20', 'x-forwarded-proto': 'https' },
      });
      const echoed = viaIngress.json as Echo;
      expect(echoed.headers['x-forwarded-for']).toBe('203.0.113.20');
      expect(echoed.headers['x-forwarded-proto']).toBe('https');
      const direct = await rawRequest(baseUrlOf(behindIngress), {
        path: '/api/identity/v1/x',
        localAddress: '127.0.0.4',
        headers: { 'x-forwarded-for': '203.0.113.20', 'x-forwarded-proto': 'https' },
      });
      expect((direct.json as Echo).headers['x-forwarded-for']).toBe('127.0.0.4');
      expect((direct.json as Echo).headers['x-forwarded-proto']).toBe('http');
    });

    it('limits two clients behind the trusted proxy separately, and ignores a spoofed X-Forwarded-For', async () => {
      const limited = await gateway({ TRUST_PROXY: `${INGRESS}/32`, RATE_LIMIT_PER_MINUTE: '3' });
      const call = (localAddress: string, client: string) =>
        rawRequest(baseUrlOf(limited), {
          path: '/api/identity/v1/x',
          localAddress,
          headers: { 'x-forwarded-for': client },
        }).then((response) => response.status);
      const first: number[] = [];
      for (let i = 0; i < 4; i += 1) first.push(await call(INGRESS, '203.0.113.30'));
      expect(first).toEqual([200, 200, 200, 429]);
      expect(await call(INGRESS, '203.0.113.31')).toBe(200);
      // Straight from an untrusted address: each "client" it claims to be is that address.
      const spoofed: number[] = [];
      for (let i = 0; i < 4; i += 1) spoofed.push(await call('127.0.0.4', `198.51.100.${i}`));
      expect(spoofed).toEqual([200, 200, 200, 429]);
    });
  });

  describe('metrics', () => {
    it('never forwards /api/<service>/metrics, however it is spelt', async () => {
      for (const path of [
        '/api/identity/metrics',
        '/api/identity/metrics/',
        '/api/identity/METRICS',
        '/api/identity//metrics',
        '/api/identity/x/../metrics',
        '/api/identity/%6detrics',
        '/api/listings/metrics?format=text',
      ]) {
        // sent as written: supertest would resolve the dot segments itself
        const response = await rawRequest(baseUrlOf(app), { path, headers: { language: 'ar' } });
        expect([path, response.status, (response.json as { results?: unknown }).results]).toEqual([
          path,
          404,
          { code: 'NOT_FOUND' },
        ]);
      }
      // a path that merely contains the word still goes through
      await request(app.getHttpServer()).get('/api/identity/v1/metrics-report').expect(200);
    });

    it('counts proxied requests under the service, not the URL, on its own /metrics', async () => {
      await request(app.getHttpServer()).get('/api/listings/v1/properties/villa-101').expect(200);
      await request(app.getHttpServer()).get('/api/nope/v1/x').expect(404);
      await request(app.getHttpServer()).get('/buy/properties-for-sale').expect(200);
      const series = httpSeries(await scrapeMetrics(app), 'gateway');
      const routes = new Set(series.map((s) => s.route));
      expect(routes).toContain('/api/listings/*');
      expect(routes).toContain('(frontends)');
      expect(routes).toContain('(unmatched)');
      expect([...routes].filter((route) => route.includes('villa') || route.includes('nope'))).toEqual([]);
    });

    it('serves /metrics on METRICS_PORT only, when one is set', async () => {
      const separate = await gateway({ METRICS_PORT: '0' });
      const port = separate.get(MetricsServer).address();
      expect((await rawRequest(`http://127.0.0.1:${port}`, { path: '/metrics' })).status).toBe(200);
      expect((await rawRequest(baseUrlOf(separate), { path: '/metrics' })).status).toBe(404);
    });
  });

  describe('bad input', () => {
    it('refuses control characters in the address before proxying, in the request language', async () => {
      const response = await request(app.getHttpServer())
        .get('/api/identity/v1/pages/%00')
        .set('language', 'ar');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 400,
        success: false,
        message: 'هذا الطلب غير صالح.',
        results: { code: 'INVALID_REQUEST' },
      });
      expect((await request(app.getHttpServer()).get('/some/page%00')).status).toBe(400);
      const query = await request(app.getHttpServer()).get('/api/identity/v1/x?q=a%07b');
      expect([query.status, query.body.results.fields]).toEqual([
        422,
        [{ field: 'q', message: 'This contains characters that are not allowed.' }],
      ]);
    });

    it('answers a request line over 16 KB with 431 in the envelope, in the request language', async () => {
      const response = await rawRequest(baseUrlOf(app), {
        path: `/api/search/v1/properties?q=${'x'.repeat(20_000)}`,
        headers: { language: 'ar' },
      });
      expect(response.status).toBe(431);
      expect(response.json).toEqual({
        status: 431,
        success: false,
        message: 'هذا الطلب غير صالح.',
        results: { code: 'INVALID_REQUEST' },
      });
    });

    it('answers generated bad input on its own endpoints below 500, in the envelope', async () => {
      const report = await driveBadInput(app);
      expect(report.undocumented).toEqual([]);
      expect(report.failures).toEqual([]);
    }, 60_000);
  });
});
