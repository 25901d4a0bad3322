import { describe, expect, it } from '@jest/globals';
import { alternatePaths, cmsPageHead, pageHeadOf, requestLanguage } from './page-heads.js';

describe('pageHeadOf', () => {
  it('gives a listing page its title in the language, with both slugs as alternates', () => {
    const result = pageHeadOf(
      'sa',
      'ar',
      '/%D8%B4%D8%B1%D8%A7%D8%A1/%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-%D9%84%D9%84%D8%A8%D9%8A%D8%B9',
    );
    expect(result).toEqual({
      head: expect.objectContaining({
        language: 'ar',
        title: 'عقارات للبيع في السعودية',
        path: '/شراء/عقارات-للبيع',
        alternates: { en: '/buy/properties-for-sale', ar: '/شراء/عقارات-للبيع' },
      }),
    });
  });

  it('fills the country of the site', () => {
    const ae = pageHeadOf('ae', 'en', '/');
    const sa = pageHeadOf('sa', 'en', '/');
    expect('head' in ae && ae.head.title).toBe('Find your next home in the UAE');
    expect('head' in sa && sa.head.title).toBe('Find your next home in Saudi Arabia');
  });

  it('sends CMS paths to the content they show', () => {
    expect(pageHeadOf('ae', 'en', '/aboutCompany')).toEqual({
      content: { kind: 'page', slug: 'about-us', fixedPath: '/aboutCompany' },
    });
    expect(pageHeadOf('ae', 'ar', '/blog/%D8%AF%D9%84%D9%8A%D9%84')).toEqual({
      content: { kind: 'blog', slug: 'دليل' },
    });
    expect(pageHeadOf('ae', 'en', '/communities/dubai-marina')).toEqual({
      content: { kind: 'community', slug: 'dubai-marina' },
    });
  });

  it('marks an unknown path as not found and the steps of sign-in as not indexable', () => {
    expect(pageHeadOf('ae', 'en', '/no/such/page')).toEqual({
      head: expect.objectContaining({ title: 'Page not found', noindex: true }),
      notFound: true,
    });
    const otp = pageHeadOf('ae', 'en', '/otpVerify');
    expect('head' in otp && otp.head.noindex).toBe(true);
    const login = pageHeadOf('ae', 'en', '/login');
    expect('head' in login && login.head.noindex).toBe(false);
  });

  it('keeps the blog page number in the path', () => {
    const result = pageHeadOf('ae', 'en', '/blog', '?page=3');
    expect('head' in result && result.head.path).toBe('/blog?page=3');
  });
});

describe('cmsPageHead', () => {
  const page = {
    id: '1',
    slug: 'about',
    publicSlug: 'about-us',
    publicSlugAr: 'من-نحن',
    title: 'About us',
    body: '# About\n\nManzil is a **property** portal [link](/x).\n\nMore.',
    bodyHtml: '',
    language: 'en' as const,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  it('summarises the first paragraph and declares both slugs', () => {
    const head = cmsPageHead(page, 'en');
    expect(head.description).toBe('Manzil is a property portal link.');
    expect(alternatePaths(head)).toEqual({ en: '/pages/about-us', ar: '/pages/من-نحن' });
  });
  it('stays at a fixed path without alternates of its own', () => {
    expect(alternatePaths(cmsPageHead(page, 'ar', '/aboutCompany'))).toEqual({
      en: '/aboutCompany?lang=en',
      ar: '/aboutCompany?lang=ar',
    });
  });
});

describe('requestLanguage', () => {
  it('takes ?lang= first, then an Arabic path, then the cookie, then English', () => {
    expect(requestLanguage('/', '?lang=ar', 'en')).toBe('ar');
    expect(requestLanguage('/%D8%B4%D8%B1%D8%A7%D8%A1', '', 'en')).toBe('ar');
    expect(requestLanguage('/', '', 'ar')).toBe('ar');
    expect(requestLanguage('/', '?lang=fr', 'xx')).toBe('en');
  });
});
