import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { loadConfig } from '@manzil/nest-kit';
import { testNamespace, testRedisUrl } from '@manzil/testing';
import { createGatewayApp } from '../src/app.js';
import { envSchema } from '../src/config.js';
import { LISTINGS_PER_SITEMAP } from '../src/sitemaps.js';

/**
 * The services' public reads over real HTTP, answering per site (`x-site`) as they do: search
 * with `total` listings per site, identity's directory, content's pages, blogs, communities.
 * `down` makes search refuse.
 */
function startServices(listings: { ae: number; sa: number }) {
  const state = { down: false, reads: 0, listings };
  const server: Server = createServer((req, res) => {
    state.reads += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    const site = req.headers['x-site'] === 'sa' ? 'sa' : 'ae';
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const paged = (all: unknown[]) => ({
      items: all.slice((page - 1) * limit, page * limit),
      page,
      limit,
      total: all.length,
    });
    let results: unknown;
    if (url.pathname === '/v1/sitemap/listings') {
      if (state.down) {
        res.statusCode = 502;
        return res.end('{}');
      }
      const all = Array.from({ length: state.listings[site] }, (_, i) => ({
        slug: `${site}-home-${i + 1}`,
        lastmod: '2026-11-01T00:00:00.000Z',
      }));
      results = paged(all);
    } else if (url.pathname === '/v1/directory/agents') {
      results = paged([{ slug: `sara-nasser-${site}000001` }]);
    } else if (url.pathname === '/v1/directory/companies') {
      results = paged([{ slug: `marina-homes-${site}000002` }]);
    } else if (url.pathname === '/v1/pages') {
      results = [{ publicSlug: 'about-us', publicSlugAr: 'من-نحن' }];
    } else if (url.pathname === '/v1/blogs') {
      results = paged([
        { slug: 'buying-in-dubai', slugAr: 'الشراء-في-دبي', publishedAt: '2026-10-02T00:00:00.000Z' },
      ]);
    } else if (url.pathname === '/v1/communities') {
      results = paged([{ slug: 'dubai-marina', slugAr: 'دبي-مارينا' }]);
    } else {
      res.statusCode = 404;
      return res.end('{}');
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 200, success: true, message: 'OK', results }));
  });
  return { server, state };
}

describe('sitemaps and robots.txt', () => {
  let services: ReturnType<typeof startServices>;
  let app: INestApplication;
  let frontendsDir: string;
  const apps: INestApplication[] = [];

  async function gateway(overrides: Record<string, string> = {}) {
    const target = `http://127.0.0.1:${(services.server.address() as AddressInfo).port}`;
    const config = loadConfig(envSchema, {
      NODE_ENV: 'test',
      PORT: '0',
      REDIS_URL: testRedisUrl(),
      GATEWAY_RATE_NAMESPACE: testNamespace('gateway-sitemaps'),
      FRONTENDS_DIR: frontendsDir,
      SEARCH_URL: target,
      IDENTITY_URL: target,
      CONTENT_URL: target,
      ...overrides,
    });
    const created = await createGatewayApp(config, false);
    await created.listen(0, '127.0.0.1');
    apps.push(created);
    return created;
  }
  const get = (path: string, host = 'ae.localhost:3000', on = app) =>
    request(on.getHttpServer()).get(path).set('Host', host);

  beforeAll(async () => {
    services = startServices({ ae: LISTINGS_PER_SITEMAP + 5, sa: 3 });
    await new Promise<void>((resolve) => services.server.listen(0, '127.0.0.1', resolve));
    frontendsDir = mkdtempSync(join(tmpdir(), 'manzil-frontends-'));
    app = await gateway();
  });
  afterAll(async () => {
    for (const one of apps) await one.close();
    services.server.closeAllConnections();
    await new Promise((resolve) => services.server.close(resolve));
    rmSync(frontendsDir, { recursive: true, force: true });
  });

  it('robots.txt keeps crawlers out of private pages and names the site’s own sitemap index', async () => {
    const ae = await get('/robots.txt').expect(200);
    expect(ae.headers['content-type']).toMatch(/^text\/plain/);
    expect(ae.text).toContain('Disallow: /api/');
    expect(ae.text).toContain('Disallow: /profile');
    expect(ae.text).toContain('Sitemap: http://ae.localhost:3000/sitemap.xml');
    const sa = await get('/robots.txt', 'sa.localhost:3000').expect(200);
    expect(sa.text).toContain('Sitemap: http://sa.localhost:3000/sitemap.xml');
  });

  it('the index lists pages, directory and listing files per language, as many listing files as the site needs', async () => {
    const ae = await get('/sitemap.xml').expect(200);
    expect(ae.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...ae.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'http://ae.localhost:3000/sitemaps/pages-en.xml',
      'http://ae.localhost:3000/sitemaps/directory-en.xml',
      'http://ae.localhost:3000/sitemaps/listings-en-1.xml',
      'http://ae.localhost:3000/sitemaps/listings-en-2.xml',
      'http://ae.localhost:3000/sitemaps/pages-ar.xml',
      'http://ae.localhost:3000/sitemaps/directory-ar.xml',
      'http://ae.localhost:3000/sitemaps/listings-ar-1.xml',
      'http://ae.localhost:3000/sitemaps/listings-ar-2.xml',
    ]);
    const sa = await get('/sitemap.xml', 'sa.localhost:3000').expect(200);
    expect(sa.text).toContain('http://sa.localhost:3000/sitemaps/listings-ar-1.xml');
    expect(sa.text).not.toContain('listings-ar-2.xml');
  });

  it('a listing file holds its share of the site’s property pages in its language, with both alternates', async () => {
    const first = await get('/sitemaps/listings-en-1.xml').expect(200);
    expect(first.text.match(/<url>/g)).toHaveLength(LISTINGS_PER_SITEMAP);
    expect(first.text).toContain(
      '<url><loc>http://ae.localhost:3000/property/ae-home-1?lang=en</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="en" href="http://ae.localhost:3000/property/ae-home-1?lang=en"/>' +
        '<xhtml:link rel="alternate" hreflang="ar" href="http://ae.localhost:3000/property/ae-home-1?lang=ar"/></url>',
    );
    const second = await get('/sitemaps/listings-ar-2.xml').expect(200);
    expect(second.text.match(/<url>/g)).toHaveLength(5);
    expect(second.text).toContain('<loc>http://ae.localhost:3000/property/ae-home-1001?lang=ar</loc>');
    const saudi = await get('/sitemaps/listings-en-1.xml', 'sa.localhost:3000').expect(200);
    expect(saudi.text).not.toContain('ae-home');
    expect(saudi.text.match(/<url>/g)).toHaveLength(3);
  });

  it('a listing file and the index follow search at once: a sale or an approval shows in the next request', async () => {
    const urls = async () =>
      ((await get('/sitemaps/listings-en-1.xml', 'sa.localhost:3000').expect(200)).text.match(/<url>/g) ?? [])
        .length;
    expect(await urls()).toBe(3);
    services.state.listings.sa = 2; // one sold: search's read model no longer lists it
    try {
      expect(await urls()).toBe(2);
      services.state.listings.sa = LISTINGS_PER_SITEMAP + 1; // approvals: a second file
      const index = await get('/sitemap.xml', 'sa.localhost:3000').expect(200);
      expect(index.text).toContain('listings-en-2.xml');
    } finally {
      services.state.listings.sa = 3;
    }
  });

  it('the pages file has the listing pages by their Arabic slugs, CMS pages, blogs and communities, percent-encoded', async () => {
    const ar = await get('/sitemaps/pages-ar.xml').expect(200);
    const locs = [...ar.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(m[1]));
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://ae.localhost:3000/?lang=ar',
        'http://ae.localhost:3000/map-search?lang=ar',
        'http://ae.localhost:3000/شراء/عقارات-للبيع',
        'http://ae.localhost:3000/ابحث-عن-وسيط-عقاري',
        'http://ae.localhost:3000/pages/من-نحن',
        'http://ae.localhost:3000/blog/الشراء-في-دبي',
        'http://ae.localhost:3000/communities/دبي-مارينا',
      ]),
    );
    expect(ar.text).toContain('http://ae.localhost:3000/%D8%B4%D8%B1%D8%A7%D8%A1/');
    expect(ar.text).toContain('hreflang="en" href="http://ae.localhost:3000/buy/properties-for-sale"');
    const directory = await get('/sitemaps/directory-en.xml', 'sa.localhost:3000').expect(200);
    expect(directory.text).toContain(
      '<loc>http://sa.localhost:3000/agents/sara-nasser-sa000001?lang=en</loc>',
    );
    expect(directory.text).toContain(
      '<loc>http://sa.localhost:3000/company/marina-homes-sa000002?lang=en</loc>',
    );
  });

  it('unknown sitemap names fall through to the app; a service down is a 503 to retry, not a short sitemap', async () => {
    await get('/sitemaps/listings-en.xml').expect(404);
    await get('/sitemaps/pages-fr.xml').expect(404);
    await get('/sitemaps/listings-en-0.xml').expect(404);
    const fresh = await gateway();
    services.state.down = true;
    try {
      const down = await get('/sitemaps/listings-en-1.xml', 'ae.localhost:3000', fresh).expect(503);
      expect(down.headers['retry-after']).toBe('60');
    } finally {
      services.state.down = false;
    }
  });

  it('serves the map configuration, and lets the tile server through the CSP only when one is set', async () => {
    const none = await get('/map-config.json').expect(200);
    expect(none.body).toEqual({ tileUrl: null, attribution: '' });
    expect(none.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
    const tiled = await gateway({
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example',
    });
    const configured = await get('/map-config.json', 'ae.localhost:3000', tiled).expect(200);
    expect(configured.body).toEqual({
      tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(configured.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://*.tiles.example.org;",
    );
  });
});
