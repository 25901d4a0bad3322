import { useEffect } from 'react';
import { LANGUAGES, type Language } from '@manzil/contracts';

/** What a public page says about itself to search engines and link previews. */
export interface DocumentHead {
  language: Language;
  title: string;
  description: string;
  /** The page's path (and query) in the current language, e.g. `/blog/buying-in-dubai`. */
  path: string;
  /**
   * The same page in each language. Pages with an alternate-language slug give both
   * (`/pages/about-us`, `/pages/من-نحن`); otherwise each language is `path?lang=xx`.
   */
  alternates?: Partial<Record<Language, string>>;
  /** Open Graph image (absolute or site path). */
  image?: string | null;
  type?: 'website' | 'article';
  /**
   * A page that must not be indexed (the 404): `robots noindex`, and no canonical, hreflang
   * or og:url, which would claim an address that has no page.
   */
  noindex?: boolean;
}

const BRAND: Record<Language, string> = { en: 'Manzil', ar: 'منزل' };
const OG_LOCALE: Record<Language, string> = { en: 'en_AE', ar: 'ar_AE' };
/** Every tag this helper writes carries this attribute, so it can find and drop its own. */
const MARK = 'data-manzil-head';

function absolute(path: string): string {
  return new URL(path, window.location.origin).href;
}

function withLanguage(path: string, language: Language): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('lang', language);
  return `${url.pathname}${url.search}`;
}

/** `path` in each language: the given alternates, else `?lang=xx` on the same path. */
export function alternatePaths(head: Pick<DocumentHead, 'path' | 'alternates'>): Record<Language, string> {
  const paths = {} as Record<Language, string>;
  for (const language of LANGUAGES)
    paths[language] = head.alternates?.[language] ?? withLanguage(head.path, language);
  return paths;
}

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  let element = document.head.querySelector<HTMLElement>(`${selector}[${MARK}]`);
  if (!element) {
    element = create();
    element.setAttribute(MARK, '');
    document.head.append(element);
  }
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  upsert(`meta[${attribute}="${key}"]`, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  }).setAttribute('content', content);
}

function setLink(rel: string, href: string, hreflang?: string) {
  const selector = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]`;
  upsert(selector, () => {
    const link = document.createElement('link');
    link.rel = rel;
    if (hreflang) link.hreflang = hreflang;
    return link;
  }).setAttribute('href', href);
}

/** Writes title, description, canonical, hreflang alternates and Open Graph tags. */
export function applyDocumentHead(head: DocumentHead): void {
  const paths = alternatePaths(head);
  const title = `${head.title} | ${BRAND[head.language]}`;
  document.title = title;
  setMeta('name', 'description', head.description);
  if (head.noindex) {
    setMeta('name', 'robots', 'noindex');
    for (const selector of ['link[rel="canonical"]', 'link[rel="alternate"]', 'meta[property="og:url"]'])
      for (const element of document.head.querySelectorAll(`${selector}[${MARK}]`)) element.remove();
  } else {
    document.head.querySelector(`meta[name="robots"][${MARK}]`)?.remove();
    setLink('canonical', absolute(paths[head.language]));
    for (const language of LANGUAGES) setLink('alternate', absolute(paths[language]), language);
    setLink('alternate', absolute(paths.en), 'x-default');
  }
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:type', head.type ?? 'website');
  if (!head.noindex) setMeta('property', 'og:url', absolute(paths[head.language]));
  setMeta('property', 'og:site_name', BRAND[head.language]);
  setMeta('property', 'og:locale', OG_LOCALE[head.language]);
  if (head.image) setMeta('property', 'og:image', absolute(head.image));
  else document.head.querySelector(`meta[property="og:image"][${MARK}]`)?.remove();
}

/** Removes every tag `applyDocumentHead` wrote (a page without its own head). */
export function clearDocumentHead(): void {
  for (const element of document.head.querySelectorAll(`[${MARK}]`)) element.remove();
}

/**
 * The page's address in another language as the page declared it (its hreflang link), as
 * a site path with query; null when the page declared none. The shell's language change
 * goes there (spec §4: "redirects to the alternate-language page link if the page provides one").
 */
export function declaredAlternate(language: Language): string | null {
  const link = document.head.querySelector<HTMLLinkElement>(
    `link[rel="alternate"][hreflang="${language}"][${MARK}]`,
  );
  if (!link) return null;
  const url = new URL(link.href, window.location.origin);
  if (url.origin !== window.location.origin) return null;
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}`;
}

/** Keeps the document head in step with the page; the tags go when the page unmounts. */
export function useDocumentHead(head: DocumentHead | null): void {
  const key = head ? JSON.stringify(head) : '';
  useEffect(() => {
    if (!key) return undefined;
    applyDocumentHead(JSON.parse(key) as DocumentHead);
    return clearDocumentHead;
  }, [key]);
}
