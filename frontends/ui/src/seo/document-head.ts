import { useEffect } from 'react';
import {
  alternatePaths,
  BRAND,
  fullTitle,
  jsonLdText,
  LANGUAGES,
  OG_LOCALE,
  siteFromHost,
  type Language,
  type PageHead,
} from '@manzil/contracts';

/**
 * What a public page says about itself to search engines and link previews: the contracts'
 * `PageHead`, which the gateway also writes into the index.html it serves (so the page
 * arrives with it), and which this helper keeps up to date as the page changes.
 */
export type DocumentHead = PageHead;
export { alternatePaths };

/** Every tag this helper writes carries this attribute, so it can find and drop its own (the gateway marks its tags the same way). */
const MARK = 'data-manzil-head';

function absolute(path: string): string {
  return new URL(path, window.location.origin).href;
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

/** A page's `<title>`: its own words, then the brand in the page's language (contracts' `fullTitle`). */
export function brandedTitle(title: string, language: Language): string {
  return fullTitle({ title, language });
}

/** Writes title, description, canonical, hreflang alternates and Open Graph tags. */
export function applyDocumentHead(head: DocumentHead): void {
  const paths = alternatePaths(head);
  const title = fullTitle(head);
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
  setMeta('property', 'og:locale', OG_LOCALE[siteFromHost(window.location.host)][head.language]);
  if (head.image) setMeta('property', 'og:image', absolute(head.image));
  else document.head.querySelector(`meta[property="og:image"][${MARK}]`)?.remove();
  if (head.jsonLd) {
    upsert('script[type="application/ld+json"]', () => {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      return script;
    }).textContent = jsonLdText(head.jsonLd, window.location.origin);
  } else document.head.querySelector(`script[type="application/ld+json"][${MARK}]`)?.remove();
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
