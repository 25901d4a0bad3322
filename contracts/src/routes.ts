/**
 * Route allow-lists per role (spec §2 and §6). The shell redirects a route outside the
 * current role's list: visitors to /login, logged-in roles to /.
 *
 * Patterns: `:slug` / `:id` match one path segment, a trailing `/*` matches the prefix and
 * anything below it. Paths are compared after percent-decoding, so the Arabic aliases can be
 * written here in Arabic letters.
 */

export const ROLES = ['visitor', 'user', 'agent', 'company', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Spec §2 "Listing pages by type": the English path of each listing page. */
export const LISTING_PAGES = {
  buy: '/buy/properties-for-sale',
  rent: '/rent/properties-for-rent',
  'commercial-buy': '/commercial/properties-for-sale',
  'commercial-rent': '/commercial/properties-for-rent',
  auctions: '/properties-for-auction',
  'new-projects': '/new-real-estate-projects',
  'find-agent': '/find-real-estate-agent',
  'real-estate-broker': '/real-estate-broker',
  'contact-us': '/contact-us',
  faq: '/faq',
  'complaints-and-suggestions': '/complaints-and-suggestions',
  /** Not in the spec's table: the calculator's own page ("a mortgage calculator", spec §1). */
  'mortgage-calculator': '/mortgage-calculator',
} as const;
export type ListingPage = keyof typeof LISTING_PAGES;

/**
 * The Arabic versions of the listing pages ("Arabic versions use Arabic slugs", spec §2).
 * Written without hamza on the alif (ايجار, not إيجار), as Arabic URLs usually are, so a
 * slug typed on any keyboard finds the page.
 */
export const ARABIC_LISTING_PAGES: Record<ListingPage, string> = {
  buy: '/شراء/عقارات-للبيع',
  rent: '/ايجار/عقارات-للايجار',
  'commercial-buy': '/تجاري/عقارات-للبيع',
  'commercial-rent': '/تجاري/عقارات-للايجار',
  auctions: '/عقارات-في-المزاد',
  'new-projects': '/مشاريع-عقارية-جديدة',
  'find-agent': '/ابحث-عن-وسيط-عقاري',
  'real-estate-broker': '/وسيط-عقاري',
  'contact-us': '/تواصل-معنا',
  faq: '/الاسئلة-الشائعة',
  'complaints-and-suggestions': '/الشكاوى-والاقتراحات',
  'mortgage-calculator': '/حاسبة-التمويل-العقاري',
};

/**
 * Arabic slugs that were renamed to the glossary's terms (docs/GLOSSARY.md: an agent is «وسيط
 * عقاري», never «وكيل»; the page is «تواصل معنا»), and where they went. Links and bookmarks to the
 * former ones keep working: the gateway answers 301 to the new path and the shell replaces them.
 */
export const FORMER_ARABIC_PATHS: Readonly<Record<string, string>> = {
  '/ابحث-عن-وكيل-عقاري': ARABIC_LISTING_PAGES['find-agent'],
  '/اتصل-بنا': ARABIC_LISTING_PAGES['contact-us'],
};

/** Where a renamed path went now (query kept by the caller), or null. */
export function movedPath(pathname: string): string | null {
  return FORMER_ARABIC_PATHS[normalizePathname(pathname)] ?? null;
}

/** The listing page's path in a language: Arabic slugs in Arabic, English otherwise. */
export function listingPagePath(page: ListingPage, language: 'en' | 'ar'): string {
  return language === 'ar' ? ARABIC_LISTING_PAGES[page] : LISTING_PAGES[page];
}

/** Both paths (English and Arabic) of some listing pages. */
function bothLanguages(...pages: ListingPage[]): string[] {
  return pages.flatMap((page) => [LISTING_PAGES[page], ARABIC_LISTING_PAGES[page]]);
}

/** Spec §2 "Screens without the normal header or footer". */
export const HEADERLESS_ROUTES = [
  '/login',
  '/register',
  '/forgotPassword',
  '/otpVerify',
  '/resetPassword',
  '/properties-proposal/:id',
  '/download-properties-proposal/:id',
  '/projects-proposal/:id',
  '/download-projects-proposal/:id',
] as const;

/**
 * A proposal link with its id cut off (spec §5 "a download with an empty URL shows 'Invalid URL'"):
 * the same headerless page, saying so, rather than a 404 inside the site's chrome.
 */
export const EMPTY_PROPOSAL_ROUTES = [
  '/properties-proposal',
  '/download-properties-proposal',
  '/projects-proposal',
  '/download-projects-proposal',
] as const;

/** Spec §2 "Routes open to a customer (role user)", copied as written. */
export const USER_ROUTES_SPEC = [
  '/',
  '/manage-properties',
  '/property/:slug',
  '/termsandCondition',
  '/privacyPolicy',
  '/faq',
  '/aboutCompany',
  '/myWishlist',
  '/map-search',
  '/contact-us',
  '/contactUsNew',
  '/blog',
  '/blog/:slug',
  '/company/:slug',
  '/notifications',
  '/profile',
  '/find-real-estate-agent',
  '/findCompanies',
  '/project/:slug',
  '/properties-for-auction',
  '/new-real-estate-projects',
  '/agents/:slug',
  '/otpVerify',
  '/pages/:slug',
  '/payments/paymentSuccess',
  '/payments/paymentFailed',
] as const;

/** Spec §2 "Routes open to a company", copied as written. */
export const COMPANY_ROUTES_SPEC = [
  '/',
  '/addNewProperty',
  '/manage-properties',
  '/myAgents',
  '/aboutCompany',
  '/agents/:slug',
  '/property/:slug',
  '/company/:slug',
  '/termsandCondition',
  '/privacyPolicy',
  '/faq',
  '/contact-us',
  '/contactUsNew',
  '/addAgent',
  '/blog',
  '/blog/:slug',
  '/notifications',
  '/profile',
  '/pages/:slug',
  '/payments/paymentSuccess',
  '/payments/paymentFailed',
] as const;

/** Spec §2 "Routes open to an agent", copied as written. */
export const AGENT_ROUTES_SPEC = [
  '/',
  '/addNewProperty',
  '/manage-properties',
  '/aboutCompany',
  '/property/:slug',
  '/termsandCondition',
  '/privacyPolicy',
  '/faq',
  '/contact-us',
  '/contactUsNew',
  '/blog',
  '/blog/:slug',
  '/notifications',
  '/profile',
  '/pages/:slug',
] as const;

/** Spec §2 "Routes open to visitors not logged in", copied as written. */
export const VISITOR_ROUTES_SPEC = [
  '/',
  '/property/:slug',
  '/termsandCondition',
  '/privacyPolicy',
  '/aboutCompany',
  '/faq',
  '/project/:slug',
  '/contact-us',
  '/contactUsNew',
  '/blog',
  '/blog/:slug',
  '/login',
  '/find-real-estate-agent',
  '/findCompanies',
  '/agents/:slug',
  '/forgotPassword',
  '/register',
  '/otpVerify',
  '/new-real-estate-projects',
  '/properties-for-auction',
  '/resetPassword',
  '/companyDetail',
  '/company/:slug',
  '/pages/:slug',
  '/map-search',
  '/test',
  '/buy/:slug',
] as const;

/**
 * What every role may open beyond its spec list (decisions, see frontends/README.md):
 * the property listing pages in both languages (the visitor's `/buy/[slug]` generalised to
 * the other property types, spec "one route per active property type slug"), the Arabic
 * alias of every listing page the role already has in English, the footer's quick links
 * (`/complaints-and-suggestions`), `/commercial`, and the proposal share links, which an
 * agent sends to people who may or may not be logged in.
 */
const EVERY_ROLE_EXTRAS = [
  ...bothLanguages(
    'buy',
    'rent',
    'commercial-buy',
    'commercial-rent',
    'contact-us',
    'faq',
    'complaints-and-suggestions',
    'mortgage-calculator',
  ),
  '/commercial',
  '/properties-proposal/:id',
  '/download-properties-proposal/:id',
  '/projects-proposal/:id',
  '/download-projects-proposal/:id',
  ...EMPTY_PROPOSAL_ROUTES,
];

/** Customer-only finder pages (spec §6) in Arabic, plus the broker finder page of the table. */
const CUSTOMER_FINDER_EXTRAS = [
  ...bothLanguages('real-estate-broker'),
  ARABIC_LISTING_PAGES.auctions,
  ARABIC_LISTING_PAGES['new-projects'],
  ARABIC_LISTING_PAGES['find-agent'],
];

/**
 * The area guides (spec §2 "area guides and community pages", no path given): the list and
 * one community by its English or Arabic slug, for visitors and customers (and the admin, who
 * reads what a visitor reads).
 */
export const COMMUNITY_ROUTES = ['/communities', '/communities/:slug'];

/**
 * Where Google sends a visitor back after "Continue with Google" (the shell reads the ID
 * token from the fragment): a sign-in screen, so for visitors only.
 */
export const AUTH_CALLBACK_ROUTES = ['/auth/google/callback'];

/**
 * Issue 14: request property (spec §2 "request property", no path given) for customers, and for
 * visitors, whom it asks to log in; the agent portal's enquiries, matching requirements and
 * presentations for agents (a company sees its agents' enquiries and requirements).
 */
export const REQUEST_PROPERTY_ROUTE = '/request-property';
export const AGENT_ENGAGEMENT_ROUTES = ['/enquiries', '/requirements', '/presentations'] as const;
export const COMPANY_ENGAGEMENT_ROUTES = ['/enquiries', '/requirements'] as const;

/** Issue 14 item 8 (beyond the spec): a customer's saved searches and their alerts. */
export const SAVED_SEARCHES_PAGE = '/saved-searches';

/**
 * A company's new projects and their units (issue 11 item 7; the spec names no path, and gives
 * the new-projects pages to customers and visitors only): its own screen in the company portal.
 */
export const COMPANY_PROJECTS_ROUTE = '/myProjects';

/**
 * A company's project proposals (issue 14: the spec gives presentations to agents; a company
 * proposes its own projects, the server checking ownership): its own screen in the company portal.
 */
export const COMPANY_PROPOSALS_ROUTE = '/project-proposals';

/**
 * The pages the payment provider sends a payer back to (spec §2 lists them for customers and
 * companies only). A freelancer agent buys plans too (services/payments: company and
 * freelancer agent purchase), and was sent to `/` after paying, away from the page that says
 * the payment was received: every role that can pay gets them.
 */
export const PAYMENT_RESULT_ROUTES = ['/payments/paymentSuccess', '/payments/paymentFailed'] as const;

/** `/my-orders` is in the user dropdown of every logged-in role (Saudi only, checked by site). */
const LOGGED_IN_EXTRAS = ['/my-orders'];

/** Admin: its own area plus what a visitor may read (not the login and sign-up screens). */
const ADMIN_ROUTES = [
  '/admin/*',
  ...VISITOR_ROUTES_SPEC.filter((path) => !(HEADERLESS_ROUTES as readonly string[]).includes(path)),
  ...CUSTOMER_FINDER_EXTRAS,
  ...COMMUNITY_ROUTES,
  ...LOGGED_IN_EXTRAS,
  '/notifications',
  '/profile',
];

export const ROUTE_ALLOW_LISTS: Record<Role, readonly string[]> = {
  visitor: [
    ...VISITOR_ROUTES_SPEC,
    REQUEST_PROPERTY_ROUTE,
    ...CUSTOMER_FINDER_EXTRAS,
    ...COMMUNITY_ROUTES,
    ...AUTH_CALLBACK_ROUTES,
    ...EVERY_ROLE_EXTRAS,
  ],
  user: [
    ...USER_ROUTES_SPEC,
    REQUEST_PROPERTY_ROUTE,
    SAVED_SEARCHES_PAGE,
    ...CUSTOMER_FINDER_EXTRAS,
    ...COMMUNITY_ROUTES,
    ...LOGGED_IN_EXTRAS,
    ...EVERY_ROLE_EXTRAS,
  ],
  agent: [
    ...AGENT_ROUTES_SPEC,
    ...AGENT_ENGAGEMENT_ROUTES,
    ...PAYMENT_RESULT_ROUTES,
    ...LOGGED_IN_EXTRAS,
    ...EVERY_ROLE_EXTRAS,
  ],
  company: [
    ...COMPANY_ROUTES_SPEC,
    ...COMPANY_ENGAGEMENT_ROUTES,
    COMPANY_PROJECTS_ROUTE,
    COMPANY_PROPOSALS_ROUTE,
    ...LOGGED_IN_EXTRAS,
    ...EVERY_ROLE_EXTRAS,
  ],
  admin: [...ADMIN_ROUTES, ...EVERY_ROLE_EXTRAS],
};

/** Percent-decodes a pathname and drops a trailing slash; a malformed escape stays as it is. */
export function normalizePathname(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A lone '%' is not an escape: compare the path as written.
  }
  const path = decoded.split(/[?#]/)[0] || '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Whether a pathname matches a pattern of the allow-lists. */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const wildcard = pattern.endsWith('/*');
  const want = (wildcard ? pattern.slice(0, -2) : pattern).split('/');
  const got = normalizePathname(pathname).split('/');
  if (wildcard ? got.length < want.length : got.length !== want.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? got[i].length > 0 : segment === got[i]));
}

export function isRouteAllowed(role: Role, pathname: string): boolean {
  return ROUTE_ALLOW_LISTS[role].some((pattern) => matchesRoutePattern(pattern, pathname));
}

/**
 * A path some role may open. A path no role knows is a missing page: every role gets the
 * 404 page for it instead of being sent to /login or /.
 */
export function isKnownRoute(pathname: string): boolean {
  return ROLES.some((role) => isRouteAllowed(role, pathname));
}

export function isHeaderlessRoute(pathname: string): boolean {
  return [...HEADERLESS_ROUTES, ...EMPTY_PROPOSAL_ROUTES, ...AUTH_CALLBACK_ROUTES].some((pattern) =>
    matchesRoutePattern(pattern, pathname),
  );
}

/** Where a role lands when it opens a route outside its list. */
export function redirectFor(role: Role): string {
  return role === 'visitor' ? '/login' : '/';
}

/**
 * The same page in the other language, for the listing pages that have an Arabic slug
 * (spec §4: a language change goes to the alternate-language page link if there is one).
 */
export function alternateLanguagePath(pathname: string, language: 'en' | 'ar'): string | null {
  const path = normalizePathname(pathname);
  for (const page of Object.keys(LISTING_PAGES) as ListingPage[]) {
    if (path === LISTING_PAGES[page] || path === ARABIC_LISTING_PAGES[page]) {
      return listingPagePath(page, language);
    }
  }
  return null;
}
