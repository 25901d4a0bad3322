import { afterEach, describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { clearDocumentHead, declaredAlternate, useDocumentHead, type DocumentHead } from './document-head.js';

function Page({ head }: { head: DocumentHead }) {
  useDocumentHead(head);
  return null;
}

const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name);

describe('useDocumentHead', () => {
  afterEach(clearDocumentHead);

  it('writes title, description, canonical, hreflang alternates and Open Graph', () => {
    render(
      <Page
        head={{
          language: 'ar',
          title: 'عن منزل',
          description: 'من نحن',
          path: '/pages/من-نحن',
          alternates: { en: '/pages/about-us', ar: '/pages/من-نحن' },
          image: '/api/content/v1/media/cover.svg',
          type: 'article',
        }}
      />,
    );
    const origin = window.location.origin;
    expect(document.title).toBe('عن منزل | منزل');
    expect(attr('meta[name="description"]', 'content')).toBe('من نحن');
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${origin}/pages/${encodeURIComponent('من-نحن')}`);
    expect(attr('link[rel="alternate"][hreflang="en"]', 'href')).toBe(`${origin}/pages/about-us`);
    expect(attr('link[rel="alternate"][hreflang="x-default"]', 'href')).toBe(`${origin}/pages/about-us`);
    expect(attr('meta[property="og:title"]', 'content')).toBe('عن منزل | منزل');
    expect(attr('meta[property="og:type"]', 'content')).toBe('article');
    expect(attr('meta[property="og:locale"]', 'content')).toBe('ar_AE');
    expect(attr('meta[property="og:image"]', 'content')).toBe(`${origin}/api/content/v1/media/cover.svg`);
    expect(declaredAlternate('en')).toBe('/pages/about-us');
  });

  it('uses ?lang= alternates for a page without language slugs, and cleans up on unmount', () => {
    const { unmount } = render(
      <Page head={{ language: 'en', title: 'FAQ', description: 'Help', path: '/blog' }} />,
    );
    const origin = window.location.origin;
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${origin}/blog?lang=en`);
    expect(attr('link[rel="alternate"][hreflang="ar"]', 'href')).toBe(`${origin}/blog?lang=ar`);
    // The same path: nothing to move to on a language change.
    expect(declaredAlternate('ar')).toBe('/blog');
    unmount();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(declaredAlternate('ar')).toBeNull();
  });

  it('marks a page not found noindex, without canonical, alternates or og:url', () => {
    const { rerender } = render(
      <Page head={{ language: 'en', title: 'Dubai Marina', description: 'Area', path: '/communities/x' }} />,
    );
    rerender(
      <Page
        head={{
          language: 'en',
          title: 'Page not found',
          description: 'Gone',
          path: '/pages/missing',
          noindex: true,
        }}
      />,
    );
    expect(document.title).toBe('Page not found | Manzil');
    expect(attr('meta[name="robots"]', 'content')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
    expect(declaredAlternate('ar')).toBeNull();
  });
});
