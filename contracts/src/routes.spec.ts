import { describe, expect, it } from '@jest/globals';
import {
  ARABIC_LISTING_PAGES,
  LISTING_PAGES,
  alternateLanguagePath,
  FORMER_ARABIC_PATHS,
  movedPath,
  isHeaderlessRoute,
  isKnownRoute,
  isRouteAllowed,
  matchesRoutePattern,
  redirectFor,
  type Role,
} from './routes.js';

/** Spec §2, pasted as written (with [slug]/[id] replaced by example values). */
const spec: Record<Exclude<Role, 'admin'>, string> = {
  user: `/, /manage-properties, /property/[slug], /termsandCondition, /privacyPolicy, /faq, /aboutCompany, /myWishlist, /map-search, /contact-us, /contactUsNew, /blog, /blog/[slug], /company/[slug], /notifications, /profile, /find-real-estate-agent, /findCompanies, /project/[slug], /properties-for-auction, /new-real-estate-projects, /agents/[slug], /otpVerify, /pages/[slug], /payments/paymentSuccess, /payments/paymentFailed`,
  company: `/, /addNewProperty, /manage-properties, /myAgents, /aboutCompany, /agents/[slug], /property/[slug], /company/[slug], /termsandCondition, /privacyPolicy, /faq, /contact-us, /contactUsNew, /addAgent, /blog, /blog/[slug], /notifications, /profile, /pages/[slug], /payments/paymentSuccess, /payments/paymentFailed`,
  agent: `/, /addNewProperty, /manage-properties, /aboutCompany, /property/[slug], /termsandCondition, /privacyPolicy, /faq, /contact-us, /contactUsNew, /blog, /blog/[slug], /notifications, /profile, /pages/[slug]`,
  visitor: `/, /property/[slug], /termsandCondition, /privacyPolicy, /aboutCompany, /faq, /project/[slug], /contact-us, /contactUsNew, /blog, /blog/[slug], /login, /find-real-estate-agent, /findCompanies, /agents/[slug], /forgotPassword, /register, /otpVerify, /new-real-estate-projects, /properties-for-auction, /resetPassword, /companyDetail, /company/[slug], /pages/[slug], /map-search, /test, /buy/[slug]`,
};
const examples = (list: string) =>
  list.split(', ').map((p) => p.replace('[slug]', 'villa-in-dubai-marina-42'));

describe('route allow-lists (spec §2)', () => {
  for (const role of Object.keys(spec) as (keyof typeof spec)[]) {
    for (const path of examples(spec[role])) {
      it(`${role} may open ${path}`, () => {
        expect(isRouteAllowed(role, path)).toBe(true);
      });
    }
  }

  it('keeps company pages to companies and the wishlist to customers (spec §6)', () => {
    for (const path of ['/myAgents', '/addAgent', '/myProjects']) {
      expect(isRouteAllowed('company', path)).toBe(true);
      expect(isRouteAllowed('agent', path)).toBe(false);
      expect(isRouteAllowed('user', path)).toBe(false);
      expect(isRouteAllowed('visitor', path)).toBe(false);
    }
    expect(isRouteAllowed('user', '/myWishlist')).toBe(true);
    expect(isRouteAllowed('agent', '/myWishlist')).toBe(false);
    expect(isRouteAllowed('company', '/myWishlist')).toBe(false);
    expect(isRouteAllowed('user', '/addNewProperty')).toBe(false);
    expect(isRouteAllowed('agent', '/addNewProperty')).toBe(true);
  });

  it('keeps the finder and auction pages to customers and visitors', () => {
    for (const path of [
      '/properties-for-auction',
      '/find-real-estate-agent',
      '/findCompanies',
      '/project/x',
    ]) {
      expect(isRouteAllowed('agent', path)).toBe(false);
      expect(isRouteAllowed('company', path)).toBe(false);
    }
  });

  it('opens the payment result pages to every role that can pay (a freelancer agent buys plans)', () => {
    for (const path of ['/payments/paymentSuccess', '/payments/paymentFailed']) {
      for (const role of ['user', 'agent', 'company'] as const) {
        expect(isRouteAllowed(role, `${path}?paymentId=x`)).toBe(true);
      }
      expect(isRouteAllowed('visitor', path)).toBe(false);
    }
  });

  it('keeps account pages from visitors', () => {
    for (const path of [
      '/profile',
      '/notifications',
      '/manage-properties',
      '/payments/paymentSuccess',
      '/admin',
    ]) {
      expect(isRouteAllowed('visitor', path)).toBe(false);
    }
  });

  it('opens every listing page of the table, in both languages, to visitors and customers', () => {
    for (const page of Object.keys(LISTING_PAGES) as (keyof typeof LISTING_PAGES)[]) {
      for (const role of ['visitor', 'user'] as const) {
        expect(isRouteAllowed(role, LISTING_PAGES[page])).toBe(true);
        expect(isRouteAllowed(role, ARABIC_LISTING_PAGES[page])).toBe(true);
      }
    }
  });

  it('opens the property listing pages to every role', () => {
    for (const role of ['visitor', 'user', 'agent', 'company', 'admin'] as const) {
      expect(isRouteAllowed(role, '/rent/properties-for-rent')).toBe(true);
      expect(isRouteAllowed(role, '/commercial/properties-for-sale')).toBe(true);
    }
  });

  it('matches Arabic aliases whether or not the browser percent-encodes them', () => {
    expect(isRouteAllowed('visitor', encodeURI('/شراء/عقارات-للبيع'))).toBe(true);
    expect(isRouteAllowed('visitor', '/شراء/عقارات-للبيع')).toBe(true);
  });

  it('gives the admin its area and the public pages, but not the sign-in screens', () => {
    expect(isRouteAllowed('admin', '/admin')).toBe(true);
    expect(isRouteAllowed('admin', '/admin/properties/approval')).toBe(true);
    expect(isRouteAllowed('admin', '/property/x')).toBe(true);
    expect(isRouteAllowed('admin', '/buy/properties-for-sale')).toBe(true);
    expect(isRouteAllowed('admin', '/login')).toBe(false);
    expect(isRouteAllowed('user', '/admin')).toBe(false);
    expect(isRouteAllowed('company', '/admin/anything')).toBe(false);
  });

  it('opens the community pages to visitors, customers and the admin only', () => {
    for (const role of ['visitor', 'user', 'admin'] as const) {
      expect(isRouteAllowed(role, '/communities')).toBe(true);
      expect(isRouteAllowed(role, '/communities/dubai-marina')).toBe(true);
      expect(isRouteAllowed(role, encodeURI('/communities/دبي-مارينا'))).toBe(true);
    }
    expect(isRouteAllowed('agent', '/communities/dubai-marina')).toBe(false);
    expect(isRouteAllowed('company', '/communities')).toBe(false);
  });

  it('redirects visitors to /login and logged-in roles to /', () => {
    expect(redirectFor('visitor')).toBe('/login');
    expect(redirectFor('agent')).toBe('/');
  });
});

describe('matchesRoutePattern', () => {
  it('matches params as one non-empty segment', () => {
    expect(matchesRoutePattern('/blog/:slug', '/blog/buying-guide')).toBe(true);
    expect(matchesRoutePattern('/blog/:slug', '/blog')).toBe(false);
    expect(matchesRoutePattern('/blog/:slug', '/blog/a/b')).toBe(false);
  });

  it('ignores a trailing slash, the query and the hash', () => {
    expect(matchesRoutePattern('/faq', '/faq/')).toBe(true);
    expect(matchesRoutePattern('/faq', '/faq?x=1#top')).toBe(true);
    expect(matchesRoutePattern('/', '/')).toBe(true);
  });

  it('matches a wildcard on whole segments only', () => {
    expect(matchesRoutePattern('/admin/*', '/admin')).toBe(true);
    expect(matchesRoutePattern('/admin/*', '/admin/users/1')).toBe(true);
    expect(matchesRoutePattern('/admin/*', '/administrator')).toBe(false);
  });

  it('treats a malformed escape as plain text', () => {
    expect(matchesRoutePattern('/pages/:slug', '/pages/100%')).toBe(true);
  });
});

describe('headerless routes and language alternates', () => {
  it('hides the header on the sign-in screens and proposals', () => {
    expect(isHeaderlessRoute('/login')).toBe(true);
    expect(isHeaderlessRoute('/properties-proposal/abc')).toBe(true);
    expect(isHeaderlessRoute('/')).toBe(false);
  });

  it('maps a listing page to its other-language path', () => {
    expect(alternateLanguagePath('/buy/properties-for-sale', 'ar')).toBe('/شراء/عقارات-للبيع');
    expect(alternateLanguagePath(encodeURI('/ايجار/عقارات-للايجار'), 'en')).toBe('/rent/properties-for-rent');
    expect(alternateLanguagePath('/profile', 'ar')).toBeNull();
  });
});

describe('Arabic slugs', () => {
  it('use the glossary terms: an agent is «وسيط», never «وكيل»; the page is «تواصل معنا»', () => {
    for (const path of Object.values(ARABIC_LISTING_PAGES)) expect(path).not.toContain('وكيل');
    expect(ARABIC_LISTING_PAGES['find-agent']).toBe('/ابحث-عن-وسيط-عقاري');
    expect(ARABIC_LISTING_PAGES['contact-us']).toBe('/تواصل-معنا');
  });

  it('send a renamed slug to its new path, however it is written, and leave the others alone', () => {
    expect(movedPath(encodeURI('/ابحث-عن-وكيل-عقاري'))).toBe(ARABIC_LISTING_PAGES['find-agent']);
    expect(movedPath('/اتصل-بنا/')).toBe(ARABIC_LISTING_PAGES['contact-us']);
    expect(movedPath(ARABIC_LISTING_PAGES['contact-us'])).toBeNull();
    expect(movedPath('/contact-us')).toBeNull();
    // A former path is no page of its own, and every target is one.
    for (const [from, to] of Object.entries(FORMER_ARABIC_PATHS)) {
      expect(isKnownRoute(from)).toBe(false);
      expect(isKnownRoute(to)).toBe(true);
    }
  });
});

describe('isKnownRoute', () => {
  it('knows every route of some role, and nothing else', () => {
    expect(isKnownRoute('/myAgents')).toBe(true);
    expect(isKnownRoute('/property/sea-view')).toBe(true);
    expect(isKnownRoute('/admin/content/pages')).toBe(true);
    expect(isKnownRoute('/no-such-address')).toBe(false);
    expect(isKnownRoute('/blogs')).toBe(false);
  });
});
