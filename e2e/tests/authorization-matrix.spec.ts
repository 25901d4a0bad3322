/// <reference lib="dom" />
// The route guard, walked for real: every route of spec §2's four lists (and the admin area),
// opened as visitor, user, agent, company and admin, each either allowed (the address stays)
// or redirected exactly as the spec says (a visitor to /login, everyone else to /).
//
// The routes to walk come from contracts/src/routes.ts; what is EXPECTED does not: it is the
// spec's text pasted below (plus the additions documented in frontends/README.md), so a wrong
// entry in the allow-lists makes this test fail.
import { expect, test, type Page } from '@playwright/test';
import {
  AGENT_ROUTES_SPEC,
  COMPANY_ROUTES_SPEC,
  USER_ROUTES_SPEC,
  VISITOR_ROUTES_SPEC,
} from '@manzil/contracts';
import { ADMIN_PASSWORD, SITE, apiLogin, putSession, type Kind } from '../helpers/identity.js';
import { navigateInApp } from './helpers.js';

type Role = 'visitor' | 'user' | 'agent' | 'company' | 'admin';

/** Spec §2 as written ([slug]/[id] are path parameters). */
const SPEC: Record<Exclude<Role, 'admin'>, string> = {
  user: `/, /manage-properties, /property/[slug], /termsandCondition, /privacyPolicy, /faq, /aboutCompany, /myWishlist, /map-search, /contact-us, /contactUsNew, /blog, /blog/[slug], /company/[slug], /notifications, /profile, /find-real-estate-agent, /findCompanies, /project/[slug], /properties-for-auction, /new-real-estate-projects, /agents/[slug], /otpVerify, /pages/[slug], /payments/paymentSuccess, /payments/paymentFailed`,
  company: `/, /addNewProperty, /manage-properties, /myAgents, /aboutCompany, /agents/[slug], /property/[slug], /company/[slug], /termsandCondition, /privacyPolicy, /faq, /contact-us, /contactUsNew, /addAgent, /blog, /blog/[slug], /notifications, /profile, /pages/[slug], /payments/paymentSuccess, /payments/paymentFailed`,
  agent: `/, /addNewProperty, /manage-properties, /aboutCompany, /property/[slug], /termsandCondition, /privacyPolicy, /faq, /contact-us, /contactUsNew, /blog, /blog/[slug], /notifications, /profile, /pages/[slug]`,
  visitor: `/, /property/[slug], /termsandCondition, /privacyPolicy, /aboutCompany, /faq, /project/[slug], /contact-us, /contactUsNew, /blog, /blog/[slug], /login, /find-real-estate-agent, /findCompanies, /agents/[slug], /forgotPassword, /register, /otpVerify, /new-real-estate-projects, /properties-for-auction, /resetPassword, /companyDetail, /company/[slug], /pages/[slug], /map-search, /test, /buy/[slug]`,
};
const specList = (text: string) => text.split(', ').map((path) => path.replace(/\[(\w+)\]/g, ':$1'));
const SIGN_IN_SCREENS = ['/login', '/register', '/forgotPassword', '/otpVerify', '/resetPassword'];

/**
 * What each role may open among the walked routes. The admin (no spec list) reads what a
 * visitor reads except the sign-in screens, plus its own area, /profile and /notifications
 * (frontends/README.md "Decisions").
 */
const EXPECTED_ALLOWED: Record<Role, Set<string>> = {
  visitor: new Set(specList(SPEC.visitor)),
  user: new Set(specList(SPEC.user)),
  // A freelancer agent pays for plans: the provider sends it back to the result pages
  // (frontends/README.md "Decisions"), which spec §2 lists for customers and companies only.
  agent: new Set([...specList(SPEC.agent), '/payments/paymentSuccess', '/payments/paymentFailed']),
  company: new Set(specList(SPEC.company)),
  admin: new Set([
    ...specList(SPEC.visitor).filter((path) => !SIGN_IN_SCREENS.includes(path)),
    '/admin',
    '/admin/content/pages',
    '/profile',
    '/notifications',
  ]),
};

/** Every route of the four lists as contracts has them, and the admin area. */
const ROUTES = [
  ...new Set([
    ...VISITOR_ROUTES_SPEC,
    ...USER_ROUTES_SPEC,
    ...AGENT_ROUTES_SPEC,
    ...COMPANY_ROUTES_SPEC,
    '/admin',
    '/admin/content/pages',
  ]),
];

/**
 * A sample value for each parameter (the guard only looks at the shape). Not
 * `/buy/properties-for-sale`: that listing page is open to every role (a documented addition),
 * while the spec's `/buy/[slug]` is the visitor's.
 */
const sample = (pattern: string) => pattern.replace(/:slug/g, 'sample-slug-1').replace(/:id/g, 'sample-id-1');

const redirectOf = (role: Role) => (role === 'visitor' ? '/login' : '/');

const ACCOUNTS: Record<Exclude<Role, 'visitor'>, { kind: Kind; mobile: string; password?: string }> = {
  user: { kind: 'customer', mobile: SITE.ae.seeded.customer },
  agent: { kind: 'agent', mobile: SITE.ae.seeded.agent },
  company: { kind: 'company', mobile: SITE.ae.seeded.company },
  // The admin signs in on the customer page.
  admin: { kind: 'customer', mobile: SITE.ae.seeded.admin, password: ADMIN_PASSWORD },
};

/** A full page load (a deep link): the guard decides before <main> renders. */
async function loadPage(page: Page, path: string): Promise<string> {
  await page.goto(SITE.ae.url + path, { waitUntil: 'commit' });
  await page.waitForSelector('#main', { state: 'attached' });
  return page.evaluate(() => decodeURIComponent(window.location.pathname));
}

/**
 * An in-app navigation to `path` (what a link does), then where the guard left the address:
 * `want` as soon as it is there, otherwise whatever it is after a grace period.
 */
async function navigate(page: Page, path: string, want: string): Promise<string> {
  await navigateInApp(page, path);
  await page
    .waitForFunction(
      (expected) =>
        decodeURIComponent(window.location.pathname) === expected && document.querySelector('#main'),
      want,
      { timeout: 1500, polling: 20 },
    )
    .catch(() => undefined);
  // A redirect (or a wrong "allowed") would happen in the same turn; give it one more frame.
  await page.waitForTimeout(30);
  return page.evaluate(() => decodeURIComponent(window.location.pathname));
}

test.describe('authorization matrix: every spec §2 route for every role (ae)', () => {
  for (const role of ['visitor', 'user', 'agent', 'company', 'admin'] as const) {
    test(role, async ({ page, context, request }) => {
      test.setTimeout(90_000);
      if (role !== 'visitor') {
        const account = ACCOUNTS[role];
        await putSession(
          context,
          'ae',
          await apiLogin(request, 'ae', account.kind, account.mobile, account.password),
        );
      }
      // Only the guard is under test: the pages' data calls and pictures are not needed.
      await context.route(/\/api\/(?!identity\/)|\.(png|jpe?g|webp|woff2?)(\?|$)/, (route) => route.abort());

      const wrong: string[] = [];
      // Deep links (full page loads) for the first routes, in-app navigation for the rest (fast).
      let loads = 3;
      for (const pattern of ROUTES) {
        const path = sample(pattern);
        const allowed = EXPECTED_ALLOWED[role].has(pattern);
        const want = allowed ? path : redirectOf(role);
        const got = loads-- > 0 ? await loadPage(page, path) : await navigate(page, path, want);
        if (got !== want) {
          wrong.push(`${pattern}: expected ${allowed ? 'allowed' : `redirect to ${want}`}, landed on ${got}`);
        }
      }
      expect(wrong, `${role} on ${ROUTES.length} routes:\n${wrong.join('\n')}`).toEqual([]);
      // Still signed in (or still a visitor) after the walk: nothing logged the role out.
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(Boolean(token)).toBe(role !== 'visitor');
    });
  }
});
