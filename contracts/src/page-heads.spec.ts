import { describe, expect, it } from '@jest/globals';
import {
  alternatePaths,
  cmsPageHead,
  jsonLdText,
  pageHeadOf,
  propertyHead,
  requestLanguage,
} from './page-heads.js';

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

describe('propertyHead', () => {
  const listing = {
    slug: 'sea-view-apartment-dubai-marina',
    title: { en: 'Sea view apartment', ar: 'شقة بإطلالة بحرية' },
    description: { en: 'Bright, high floor.', ar: 'مشرقة في طابق مرتفع.' },
    subTitle: null,
    kind: 'apartment' as const,
    bedrooms: 2,
    bathrooms: 2,
    area: 1250,
    areaUnit: 'sqft' as const,
    currency: 'AED' as const,
    approvedAt: '2026-10-01T00:00:00.000Z',
    latitude: 25.08,
    longitude: 55.14,
    location: {
      city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
      community: { id: 'ae.dubai.dubai-marina', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } },
      subCommunity: null,
      building: null,
    },
    media: { photos: ['/p/1.webp'], videos: [], floorPlans: [], tour360Url: null },
    purpose: 'rent' as const,
    displayPrice: { amount: 120_000, period: 'yearly' as const },
    exactLocation: false,
  };

  it('is found by the gateway for /property/[slug]', () => {
    expect(pageHeadOf('ae', 'en', '/property/sea-view')).toEqual({
      content: { kind: 'property', slug: 'sea-view' },
    });
  });

  it('describes the listing in the language, with a RealEstateListing and its yearly offer', () => {
    const head = propertyHead(listing, 'ae', 'ar');
    expect(head).toMatchObject({
      title: 'شقة بإطلالة بحرية',
      description: 'مشرقة في طابق مرتفع.',
      path: '/property/sea-view-apartment-dubai-marina',
    });
    expect(head.jsonLd).toMatchObject({
      '@type': 'RealEstateListing',
      offers: { price: 120_000, priceCurrency: 'AED', priceSpecification: { unitCode: 'ANN' } },
      about: { numberOfBedrooms: 2, floorSize: { value: 1250, unitCode: 'FTK' } },
    });
    // Coordinates that are only the area's are not given as the listing's.
    expect((head.jsonLd?.about as Record<string, unknown>).geo).toBeUndefined();
  });

  it('writes JSON-LD that no value can break out of, with an absolute url', () => {
    const text = jsonLdText(
      { url: '/property/x', name: '</script><script>alert(1)</script>' },
      'http://ae.localhost:3000',
    );
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({
      url: 'http://ae.localhost:3000/property/x',
      name: '</script><script>alert(1)</script>',
    });
  });
});
