import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import {
  alternatePaths,
  blogPath,
  communityPath,
  CONTENT_API,
  DIRECTORY_API,
  LANGUAGES,
  listingPagePath,
  MAP_CONFIG_PATH,
  pageSchema,
  SEARCH_API,
  siteFromHost,
  sitemapListingsPageSchema,
  type Language,
  type ListingPage,
  type MapConfig,
  type Site,
} from '@manzil/contracts';
import { setMetricsRoute } from '@manzil/nest-kit/http';
import { pathOf } from './proxy.js';
import type { Upstream } from './upstreams.js';

/** Property pages per listing sitemap (the protocol allows 50,000; smaller files build in ten reads of 100). */
export const LISTINGS_PER_SITEMAP = 1000;
/** What one read of a service's list may ask (DESIGN: every list endpoint is paginated, limit ≤ 100). */
const PAGE_LIMIT = 100;
/** Agents, companies, blogs and communities listed at most (a directory beyond this needs chunks like the listings). */
const DIRECTORY_MAX = 5000;
const CACHE_MS = 5 * 60_000;
const CACHE_MAX = 500;

/** The public pages of the spec that are the same on both sites, by their listing-page key or path. */
const LISTING_PAGE_KEYS: ListingPage[] = [
  'buy',
  'rent',
  'commercial-buy',
  'commercial-rent',
  'auctions',
  'new-projects',
  'find-agent',
  'faq',
  'contact-us',
  'complaints-and-suggestions',
  'mortgage-calculator',
];
const FIXED_PAGES = [
  '/',
  '/map-search',
  '/findCompanies',
  '/blog',
  '/communities',
  '/aboutCompany',
  '/termsandCondition',
  '/privacyPolicy',
];

/** Pages a crawler has no business in: signed-in areas, sign-in steps, the API. */
const DISALLOWED = [
  '/api/',
  '/profile',
  '/myWishlist',
  '/saved-searches',
  '/manage-properties',
  '/addNewProperty',
  '/myAgents',
  '/addAgent',
  '/notifications',
  '/my-orders',
  '/admin',
  '/login',
  '/register',
  '/forgotPassword',
  '/otpVerify',
  '/resetPassword',
  '/payments/',
];

/** One page of the site in both languages: `loc` is the page in `language`, with its alternates. */
interface SitemapEntry {
  paths: Record<Language, string>;
  lastmod?: string;
}

const slugPage = pageSchema(z.object({ slug: z.string() }));
const listingPage = sitemapListingsPageSchema;
const cmsPages = z.array(z.object({ publicSlug: z.string(), publicSlugAr: z.string() }));
const blogPage = pageSchema(
  z.object({ slug: z.string(), slugAr: z.string(), publishedAt: z.string().optional() }),
);
const communityPage = pageSchema(z.object({ slug: z.string(), slugAr: z.string() }));
const envelope = <T extends z.ZodType>(results: T) => z.object({ results });

function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `path` on the site's origin, percent-encoded (Arabic slugs) as the protocol requires. */
function absolute(origin: string, path: string): string {
  return xmlEscape(new URL(path, origin).href);
}

function urlset(origin: string, language: Language, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const alternates = LANGUAGES.map(
      (other) =>
        `<xhtml:link rel="alternate" hreflang="${other}" href="${absolute(origin, entry.paths[other])}"/>`,
    ).join('');
    const lastmod = entry.lastmod ? `<lastmod>${xmlEscape(entry.lastmod)}</lastmod>` : '';
    return `<url><loc>${absolute(origin, entry.paths[language])}</loc>${lastmod}${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(origin: string, paths: string[]): string {
  const items = paths.map((path) => `<sitemap><loc>${absolute(origin, path)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Both languages of a page without an Arabic slug: `?lang=` on the same path (contracts' `alternatePaths`). */
const samePath = (path: string) => alternatePaths({ path });
const bothPaths = (of: (language: Language) => string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, of(language)])) as Record<Language, string>;

class UpstreamError extends Error {}

/**
 * Sitemaps and robots.txt of each site, built from the services' public reads: the listing
 * pages and property pages (search's `/v1/sitemap/listings`, its read model of the listing
 * events: an approved listing is in the next answer, a sold or deactivated one gone), agents and companies (identity), static pages, blogs and
 * communities (content). One sitemap per kind and language (`loc` in that language,
 * `xhtml:link` alternates for both); the index at `/sitemap.xml` lists them, the property
 * pages in files of `LISTINGS_PER_SITEMAP`. The index and listing files are built on each
 * request (search caches per event generation); the others are cached for five minutes per site;
 * a service that does not answer makes that sitemap a 503 (a crawler retries), never a
 * sitemap missing half its pages.
 */
export class Sitemaps {
  private readonly cache = new Map<string, { at: number; body: string }>();

  constructor(
    private readonly table: Map<string, Upstream>,
    private readonly timeoutMs = 5_000,
  ) {}

  handler(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      const path = pathOf(request);
      const site = siteFromHost(request.headers.host);
      const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
      let build: (() => Promise<string>) | undefined;
      // The index and the listing files follow the listing events: search's answers are cached
      // per site generation (an approval, sale or deactivation moves it), so the gateway keeps
      // no copy of its own; the pages and directory files are cached here for five minutes.
      let live = false;
      let type = 'application/xml; charset=utf-8';
      if (path === '/robots.txt') {
        type = 'text/plain; charset=utf-8';
        build = async () => this.robots(origin);
      } else if (path === '/sitemap.xml') {
        live = true;
        build = () => this.index(site, origin);
      } else {
        const match = /^\/sitemaps\/(pages|directory|listings)-(en|ar)(?:-(\d{1,6}))?\.xml$/.exec(path);
        if (!match) return next();
        const [, kind, language, chunk] = match as unknown as [
          string,
          'pages' | 'directory' | 'listings',
          Language,
          string?,
        ];
        if ((kind === 'listings') !== (chunk !== undefined) || chunk === '0') return next();
        live = kind === 'listings';
        build = () => this.sitemap(site, origin, kind, language, Number(chunk ?? 0));
      }
      setMetricsRoute(response, '(sitemaps)');
      const key = `${site}|${origin}|${path}`;
      void (live ? build() : this.cached(key, build)).then(
        (body) => {
          response.setHeader('Content-Type', type);
          response.setHeader('Cache-Control', live ? 'public, max-age=60' : 'public, max-age=300');
          response.status(200).send(body);
        },
        () => {
          response.setHeader('Retry-After', '60');
          response.setHeader('Content-Type', 'text/plain; charset=utf-8');
          response.status(503).send('Sitemap temporarily unavailable\n');
        },
      );
    };
  }

  private async cached(key: string, build: () => Promise<string>): Promise<string> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.body;
    const body = await build();
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { at: Date.now(), body });
    return body;
  }

  private robots(origin: string): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
      '',
    ].join('\n');
  }

  private async index(site: Site, origin: string): Promise<string> {
    const first = await this.read('search', SEARCH_API.sitemap, site, { page: 1, limit: 1 }, listingPage);
    const chunks = Math.ceil(first.total / LISTINGS_PER_SITEMAP);
    const paths = LANGUAGES.flatMap((language) => [
      `/sitemaps/pages-${language}.xml`,
      `/sitemaps/directory-${language}.xml`,
      ...Array.from({ length: chunks }, (_, index) => `/sitemaps/listings-${language}-${index + 1}.xml`),
    ]);
    return sitemapIndex(origin, paths);
  }

  private async sitemap(
    site: Site,
    origin: string,
    kind: 'pages' | 'directory' | 'listings',
    language: Language,
    chunk: number,
  ): Promise<string> {
    const entries =
      kind === 'pages'
        ? await this.contentEntries(site)
        : kind === 'directory'
          ? await this.directoryEntries(site)
          : await this.listingEntries(site, chunk);
    return urlset(origin, language, entries);
  }

  private async contentEntries(site: Site): Promise<SitemapEntry[]> {
    const [pages, blogs, communities] = await Promise.all([
      this.read('content', CONTENT_API.pages, site, {}, cmsPages),
      this.readAll('content', CONTENT_API.blogs, site, blogPage),
      this.readAll('content', CONTENT_API.communities, site, communityPage),
    ]);
    return [
      ...FIXED_PAGES.map((path) => ({ paths: samePath(path) })),
      ...LISTING_PAGE_KEYS.map((page) => ({
        paths: bothPaths((language) => listingPagePath(page, language)),
      })),
      ...pages.map((page) => ({
        paths: { en: `/pages/${page.publicSlug}`, ar: `/pages/${page.publicSlugAr}` },
      })),
      ...blogs.map((blog) => ({
        paths: bothPaths((language) => blogPath(blog, language)),
        lastmod: blog.publishedAt,
      })),
      ...communities.map((community) => ({
        paths: bothPaths((language) => communityPath(community, language)),
      })),
    ];
  }

  private async directoryEntries(site: Site): Promise<SitemapEntry[]> {
    const [agents, companies] = await Promise.all([
      this.readAll('identity', DIRECTORY_API.agents, site, slugPage),
      this.readAll('identity', DIRECTORY_API.companies, site, slugPage),
    ]);
    return [
      ...agents.map((agent) => ({ paths: samePath(`/agents/${agent.slug}`) })),
      ...companies.map((company) => ({ paths: samePath(`/company/${company.slug}`) })),
    ];
  }

  /** The property pages of one file: ten reads of 100, newest approval first, as the search service lists them. */
  private async listingEntries(site: Site, chunk: number): Promise<SitemapEntry[]> {
    const pagesPerChunk = LISTINGS_PER_SITEMAP / PAGE_LIMIT;
    const pages = await Promise.all(
      Array.from({ length: pagesPerChunk }, (_, index) =>
        this.read(
          'search',
          SEARCH_API.sitemap,
          site,
          { page: (chunk - 1) * pagesPerChunk + index + 1, limit: PAGE_LIMIT },
          listingPage,
        ),
      ),
    );
    return pages
      .flatMap((page) => page.items)
      .map((listing) => ({ paths: samePath(`/property/${listing.slug}`), lastmod: listing.lastmod }));
  }

  /** Every item of a paginated list (at most DIRECTORY_MAX). */
  private async readAll<T>(
    prefix: string,
    path: string,
    site: Site,
    schema: z.ZodType<{ items: T[]; total: number }>,
  ): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; items.length < DIRECTORY_MAX; page += 1) {
      const answer = await this.read(prefix, path, site, { page, limit: PAGE_LIMIT }, schema);
      items.push(...answer.items);
      if (answer.items.length === 0 || items.length >= answer.total) break;
    }
    return items;
  }

  private async read<T>(
    prefix: string,
    path: string,
    site: Site,
    query: Record<string, string | number>,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const upstream = this.table.get(prefix);
    if (!upstream) throw new UpstreamError(`no upstream ${prefix}`);
    const url = new URL(path, upstream.target);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const response = await fetch(url, {
      headers: { 'x-site': site, language: 'en', accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new UpstreamError(`${prefix} answered ${response.status}`);
    return envelope(schema).parse(await response.json()).results;
  }
}

/** `GET /map-config.json`: the deployment's tile server for the map search (contracts' `mapConfigSchema`). */
export function mapConfig(tileUrl: string | undefined, attribution: string): RequestHandler {
  const body: MapConfig = { tileUrl: tileUrl || null, attribution };
  return (request: Request, response: Response, next: NextFunction) => {
    if (pathOf(request) !== MAP_CONFIG_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
      return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.json(body);
  };
}
