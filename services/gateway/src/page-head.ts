import {
  alternatePaths,
  blogHead,
  blogSchema,
  BRAND,
  cmsPageHead,
  cmsPageSchema,
  communityHead,
  communitySchema,
  CONTENT_API,
  directionOf,
  fullTitle,
  jsonLdText,
  LANGUAGES,
  notFoundHead,
  OG_LOCALE,
  pageHeadOf,
  propertyDetailSchema,
  propertyHead,
  SEARCH_API,
  siteHead,
  type ContentHeadSource,
  type Language,
  type PageHead,
  type Site,
} from '@manzil/contracts';
import { coverFonts, firstPaint, fontPreloads } from './first-paint.js';

/** Every tag written here carries this attribute: the page's own head code finds and updates them. */
const MARK = 'data-manzil-head';
const CACHE_MS = 60_000;
const CACHE_MAX = 2_000;

export interface ResolvedHead {
  head: PageHead;
  /** 404 for a path no role knows and for CMS content that does not exist. */
  status: 200 | 404;
}

/**
 * The head of the page a request asks for (spec'd in contracts/page-heads.ts), with the CMS
 * items read from the content service. Content answers are cached briefly in memory (the
 * content service has its own cache and invalidates it on edits; a minute of staleness in a
 * link preview is harmless). When content is slow or down, the page still gets the site's
 * head at once: a head never delays or breaks a page.
 */
export class PageHeads {
  private readonly cache = new Map<string, { at: number; value: ResolvedHead | null }>();

  constructor(
    /** The content service, which answers the CMS pages' heads. */
    private readonly contentUrl: string | undefined,
    /** The search service, which answers a property page's head (`/property/[slug]`). */
    private readonly searchUrl?: string,
    private readonly timeoutMs = 500,
  ) {}

  async resolve(site: Site, language: Language, pathname: string, search: string): Promise<ResolvedHead> {
    const known = pageHeadOf(site, language, pathname, search);
    if ('head' in known) return { head: known.head, status: known.notFound ? 404 : 200 };
    // Content unreachable: the site's own head under the path asked for.
    return (
      (await this.contentHead(site, language, known.content)) ?? {
        head: siteHead(site, language, pathname),
        status: 200,
      }
    );
  }

  private async contentHead(
    site: Site,
    language: Language,
    source: ContentHeadSource,
  ): Promise<ResolvedHead | null> {
    const key = `${site}|${language}|${source.kind}|${source.slug}|${source.kind === 'page' ? (source.fixedPath ?? '') : ''}`;
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const path =
      source.kind === 'page'
        ? CONTENT_API.page(source.slug)
        : source.kind === 'blog'
          ? CONTENT_API.blog(source.slug)
          : source.kind === 'property'
            ? SEARCH_API.property(source.slug)
            : CONTENT_API.community(source.slug);
    const base = source.kind === 'property' ? this.searchUrl : this.contentUrl;
    if (!base) return null;
    let value: ResolvedHead | null;
    try {
      const response = await fetch(new URL(path, base), {
        headers: { 'x-site': site, language, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 404) {
        const missing =
          source.kind === 'page' && source.fixedPath ? source.fixedPath : `/${source.kind}/${source.slug}`;
        value = { head: notFoundHead(site, language, missing), status: 404 };
      } else if (!response.ok) {
        return null; // not cached: the next request tries again
      } else {
        const results = ((await response.json()) as { results?: unknown }).results;
        value = { head: headOfContent(source, results, site, language), status: 200 };
      }
    } catch {
      return null;
    }
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { at: Date.now(), value });
    return value;
  }
}

function headOfContent(
  source: ContentHeadSource,
  results: unknown,
  site: Site,
  language: Language,
): PageHead {
  switch (source.kind) {
    case 'property':
      return propertyHead(propertyDetailSchema.parse(results).listing, site, language);
    case 'page':
      return cmsPageHead(cmsPageSchema.parse(results), language, source.fixedPath);
    case 'blog':
      return blogHead(blogSchema.parse(results), language);
    case 'community':
      return communityHead(communitySchema.parse(results), language);
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The head's tags, as the page's `applyDocumentHead` would write them. */
export function headTags(head: PageHead, site: Site, origin: string): string {
  const absolute = (path: string) => new URL(path, origin).href;
  const title = fullTitle(head);
  const tags: string[] = [`<title>${escapeHtml(title)}</title>`];
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" ${MARK} />`);
  const link = (rel: string, href: string, hreflang?: string) =>
    tags.push(
      `<link rel="${rel}" href="${escapeHtml(href)}"${hreflang ? ` hreflang="${hreflang}"` : ''} ${MARK} />`,
    );
  meta('name', 'description', head.description);
  const paths = alternatePaths(head);
  if (head.noindex) meta('name', 'robots', 'noindex');
  else {
    link('canonical', absolute(paths[head.language]));
    for (const language of LANGUAGES) link('alternate', absolute(paths[language]), language);
    link('alternate', absolute(paths.en), 'x-default');
  }
  meta('property', 'og:title', title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:type', head.type ?? 'website');
  if (!head.noindex) meta('property', 'og:url', absolute(paths[head.language]));
  meta('property', 'og:site_name', BRAND[head.language]);
  meta('property', 'og:locale', OG_LOCALE[site][head.language]);
  if (head.image) meta('property', 'og:image', absolute(head.image));
  if (head.jsonLd)
    tags.push(`<script type="application/ld+json" ${MARK}>${jsonLdText(head.jsonLd, origin)}</script>`);
  return tags.join('\n    ');
}

/**
 * The shell's index.html for this page: `<html lang dir>` of the language, the generic
 * title and description replaced by the page's head, the preloads of the fonts its first view
 * is set in (found among `assetNames`, the shell build's `dist/assets`), and, given the path,
 * the page's first content (`firstPaint`: header and heading before any script runs).
 */
export function renderIndex(
  html: string,
  head: PageHead,
  site: Site,
  origin: string,
  pathname?: string,
  assetNames: readonly string[] = [],
): string {
  const fonts = coverFonts(assetNames, head.language);
  const first = pathname === undefined ? null : firstPaint(pathname, head, fonts);
  const preloads = fonts.length ? `${fontPreloads(fonts)}\n    ` : '';
  const page = html
    .replace(
      /<html\b[^>]*>/i,
      `<html lang="${head.language}" dir="${directionOf(head.language)}" data-site="${site}">`,
    )
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    // Quoted or not: the built index.html is minified (`<meta name=description content="…">`).
    .replace(/<meta\s+name=["']?description(?=["'\s/>])[^>]*>/i, '')
    .replace(/<\/head>/i, `  ${preloads}${headTags(head, site, origin)}\n  </head>`);
  if (!first) return page;
  return (
    page
      .replace(/<\/head>/i, `${first.style}\n  </head>`)
      // (the built index.html is minified: `<div id=root>`)
      .replace(/<div\s+id=["']?root["']?\s*>/i, (root) => `${first.markup}${root}`)
  );
}
