/**
 * What each page says about itself to search engines and link previews (title, description,
 * canonical, hreflang, Open Graph), in one place for both sides: the gateway writes it into
 * the `index.html` it serves (so a crawler or a link preview that runs no script sees the
 * right language and page), and the pages write the same through `useDocumentHead` once
 * they have loaded. Pages whose head comes from the CMS (static pages, blogs, area guides)
 * build it with the helpers below from the content they fetched.
 */
import type { Blog, CmsPage, Community } from './cms.js';
import type { PublishedProperty } from './property.js';
import type { DisplayPrice } from './search.js';
import {
  ARABIC_LISTING_PAGES,
  LISTING_PAGES,
  isKnownRoute,
  normalizePathname,
  type ListingPage,
} from './routes.js';
import { LANGUAGES, type Language, type Site } from './site.js';

export interface PageHead {
  language: Language;
  /** The page's own title, without the brand (added by `fullTitle`). */
  title: string;
  description: string;
  /** The page's path (and query) in its language, e.g. `/blog/buying-in-dubai`. */
  path: string;
  /**
   * The same page in each language. Pages with an alternate-language slug give both
   * (`/pages/about-us`, `/pages/من-نحن`); otherwise each language is `path?lang=xx`.
   */
  alternates?: Partial<Record<Language, string>>;
  /** Open Graph image (absolute or site path). */
  image?: string | null;
  type?: 'website' | 'article';
  /** A page that must not be indexed (the 404, the steps of sign-in): no canonical, hreflang or og:url. */
  noindex?: boolean;
  /** Structured data (schema.org JSON-LD) about the page's thing, e.g. a `RealEstateListing`. */
  jsonLd?: Record<string, unknown>;
}

export const BRAND: Record<Language, string> = { en: 'Manzil', ar: 'منزل' };
export const OG_LOCALE: Record<Site, Record<Language, string>> = {
  ae: { en: 'en_AE', ar: 'ar_AE' },
  sa: { en: 'en_SA', ar: 'ar_SA' },
};

/** `Title | Manzil`, as the tab and the link preview show it. */
export function fullTitle(head: Pick<PageHead, 'title' | 'language'>): string {
  return `${head.title} | ${BRAND[head.language]}`;
}

const COUNTRY: Record<Site, Record<Language, string>> = {
  ae: { en: 'the UAE', ar: 'الإمارات' },
  sa: { en: 'Saudi Arabia', ar: 'السعودية' },
};

type Texts = Record<Language, { title: string; description: string }>;

/** The sign-in screens' shared description: they are about the portal, not a page of their own. */
const SIGN_IN_DESCRIPTION = {
  en: 'Find your next home in the UAE and Saudi Arabia.',
  ar: 'اعثر على منزلك القادم في الإمارات والسعودية.',
} as const;

/**
 * The lead under the sign-in heading (the shell's `shell.auth.login.subtitle`, checked equal by
 * its spec): the gateway writes it into `/login`'s first view, before any script.
 */
export const LOGIN_LEAD = {
  en: 'Welcome back. Log in with your mobile number.',
  ar: 'مرحبًا بعودتك. سجّل الدخول برقم جوالك.',
} as const satisfies Record<Language, string>;

/** The heads of the pages that are not CMS content. `{country}` is the site's country. */
export const PAGE_TEXTS = {
  home: {
    en: {
      title: 'Find your next home in {country}',
      description: 'Apartments, villas and offices to buy or rent, from agents you can trust.',
    },
    ar: {
      title: 'اعثر على منزلك القادم في {country}',
      description: 'شقق وفلل ومكاتب للبيع أو الإيجار من وسطاء عقاريين موثوقين.',
    },
  },
  'listing.buy': {
    en: {
      title: 'Properties for sale in {country}',
      description:
        'Verified listings from licensed agents and companies in {country}: prices, photos, bedrooms and areas.',
    },
    ar: {
      title: 'عقارات للبيع في {country}',
      description: 'إعلانات موثقة من وسطاء وشركات مرخصة في {country}: الأسعار والصور وعدد الغرف والمساحات.',
    },
  },
  'listing.rent': {
    en: {
      title: 'Properties for rent in {country}',
      description:
        'Verified listings from licensed agents and companies in {country}: prices, photos, bedrooms and areas.',
    },
    ar: {
      title: 'عقارات للإيجار في {country}',
      description: 'إعلانات موثقة من وسطاء وشركات مرخصة في {country}: الأسعار والصور وعدد الغرف والمساحات.',
    },
  },
  'listing.commercial-buy': {
    en: {
      title: 'Commercial properties for sale in {country}',
      description:
        'Verified listings from licensed agents and companies in {country}: prices, photos, bedrooms and areas.',
    },
    ar: {
      title: 'عقارات تجارية للبيع في {country}',
      description: 'إعلانات موثقة من وسطاء وشركات مرخصة في {country}: الأسعار والصور وعدد الغرف والمساحات.',
    },
  },
  'listing.commercial-rent': {
    en: {
      title: 'Commercial properties for rent in {country}',
      description:
        'Verified listings from licensed agents and companies in {country}: prices, photos, bedrooms and areas.',
    },
    ar: {
      title: 'عقارات تجارية للإيجار في {country}',
      description: 'إعلانات موثقة من وسطاء وشركات مرخصة في {country}: الأسعار والصور وعدد الغرف والمساحات.',
    },
  },
  blog: {
    en: {
      title: 'Property news and guides',
      description: 'Market updates, buying and renting guides, and life in our communities.',
    },
    ar: {
      title: 'أخبار وأدلة عقارية',
      description: 'مستجدات السوق وأدلة الشراء والإيجار والحياة في مناطقنا.',
    },
  },
  communities: {
    en: { title: 'Area guides', description: 'Get to know the communities before you buy or rent.' },
    ar: { title: 'أدلة المناطق', description: 'تعرّف على المناطق والأحياء قبل أن تشتري أو تستأجر.' },
  },
  mortgage: {
    en: {
      title: 'Mortgage calculator',
      description: 'Your monthly payment and the upfront costs of buying a home in {country}.',
    },
    ar: {
      title: 'حاسبة التمويل العقاري',
      description: 'قسطك الشهري والتكاليف المقدمة لشراء منزل في {country}.',
    },
  },
  faq: {
    en: {
      title: 'Frequently asked questions',
      description: 'Answers about buying, renting, listing and your account.',
    },
    ar: { title: 'الأسئلة الشائعة', description: 'إجابات عن الشراء والإيجار والإعلان وحسابك.' },
  },
  contact: {
    en: { title: 'Contact us', description: 'Send us a message and our team will get back to you shortly.' },
    ar: { title: 'تواصل معنا', description: 'أرسل لنا رسالة وسيتواصل معك فريقنا قريبًا.' },
  },
  complaints: {
    en: {
      title: 'Suggestions and complaints',
      description: 'Tell us what went wrong or what we could do better. We read every message.',
    },
    ar: {
      title: 'الاقتراحات والشكاوى',
      description: 'أخبرنا بما حدث أو بما يمكننا تحسينه. نحن نقرأ كل رسالة.',
    },
  },
  login: {
    en: { title: 'Log in', description: SIGN_IN_DESCRIPTION.en },
    ar: { title: 'تسجيل الدخول', description: SIGN_IN_DESCRIPTION.ar },
  },
  register: {
    en: { title: 'Create an account', description: SIGN_IN_DESCRIPTION.en },
    ar: { title: 'إنشاء حساب', description: SIGN_IN_DESCRIPTION.ar },
  },
  forgotPassword: {
    en: { title: 'Forgot your password', description: SIGN_IN_DESCRIPTION.en },
    ar: { title: 'نسيت كلمة المرور', description: SIGN_IN_DESCRIPTION.ar },
  },
  otpVerify: {
    en: {
      title: 'Verify your mobile number',
      description: SIGN_IN_DESCRIPTION.en,
    },
    ar: { title: 'تحقق من رقم جوالك', description: SIGN_IN_DESCRIPTION.ar },
  },
  resetPassword: {
    en: { title: 'Set a new password', description: SIGN_IN_DESCRIPTION.en },
    ar: { title: 'تعيين كلمة مرور جديدة', description: SIGN_IN_DESCRIPTION.ar },
  },
  site: {
    en: {
      title: 'Properties to buy and rent in {country}',
      description: 'Apartments, villas and offices to buy or rent, from agents you can trust.',
    },
    ar: {
      title: 'عقارات للبيع والإيجار في {country}',
      description: 'شقق وفلل ومكاتب للبيع أو الإيجار من وسطاء عقاريين موثوقين.',
    },
  },
  notFound: {
    en: {
      title: 'Page not found',
      description: 'The page you are looking for has moved or no longer exists.',
    },
    ar: { title: 'الصفحة غير موجودة', description: 'الصفحة التي تبحث عنها نُقلت أو لم تعد موجودة.' },
  },
} satisfies Record<string, Texts>;
export type PageTextKey = keyof typeof PAGE_TEXTS;

/** A page's title and description in a language, with the site's country filled in. */
export function pageTexts(
  key: PageTextKey,
  site: Site,
  language: Language,
): { title: string; description: string } {
  const fill = (text: string) => text.replaceAll('{country}', COUNTRY[site][language]);
  const texts = PAGE_TEXTS[key][language];
  return { title: fill(texts.title), description: fill(texts.description) };
}

/** A listing page's path in a language, and both as alternates. */
function listingHead(page: ListingPage, key: PageTextKey, site: Site, language: Language): PageHead {
  const paths = { en: LISTING_PAGES[page], ar: ARABIC_LISTING_PAGES[page] };
  return { language, ...pageTexts(key, site, language), path: paths[language], alternates: paths };
}

/** Where a page's head comes from the CMS: the gateway fetches it and builds it with the helpers below. */
export type ContentHeadSource =
  | { kind: 'page'; slug: string; fixedPath?: string }
  | { kind: 'blog'; slug: string }
  | { kind: 'community'; slug: string }
  | { kind: 'property'; slug: string };

/** The fixed CMS pages (spec §2) and the page each reads. */
export const FIXED_CMS_PAGES: Record<string, string> = {
  '/aboutCompany': 'about-us',
  '/termsandCondition': 'terms-and-conditions',
  '/privacyPolicy': 'privacy-policy',
};

const SIGN_IN_KEYS: Record<string, PageTextKey> = {
  '/login': 'login',
  '/register': 'register',
  '/forgotPassword': 'forgotPassword',
  '/otpVerify': 'otpVerify',
  '/resetPassword': 'resetPassword',
};
/** Only the two entry screens are worth indexing; the steps behind them are not. */
const INDEXABLE_SIGN_IN = new Set(['/login', '/register']);

/**
 * The head of a path, as far as it can be known without the CMS: a static head, the CMS item
 * to read, or the 404's head for a path no role knows. `search` is the query string (with or
 * without `?`).
 */
export function pageHeadOf(
  site: Site,
  language: Language,
  pathname: string,
  search = '',
): { head: PageHead; notFound?: true } | { content: ContentHeadSource } {
  const path = normalizePathname(pathname);
  const query = new URLSearchParams(search);
  if (path === '/') return { head: { language, ...pageTexts('home', site, language), path: '/' } };

  for (const [page, key] of [
    ['buy', 'listing.buy'],
    ['rent', 'listing.rent'],
    ['commercial-buy', 'listing.commercial-buy'],
    ['commercial-rent', 'listing.commercial-rent'],
    ['faq', 'faq'],
    ['contact-us', 'contact'],
    ['complaints-and-suggestions', 'complaints'],
    ['mortgage-calculator', 'mortgage'],
  ] as const) {
    if (path === LISTING_PAGES[page] || path === ARABIC_LISTING_PAGES[page])
      return { head: listingHead(page, key, site, language) };
  }
  if (path === '/contactUsNew') return { head: { language, ...pageTexts('contact', site, language), path } };
  if (path === '/blog') {
    const page = Math.max(1, Number(query.get('page')) || 1);
    return {
      head: {
        language,
        ...pageTexts('blog', site, language),
        path: page > 1 ? `/blog?page=${page}` : '/blog',
      },
    };
  }
  if (path === '/communities')
    return { head: { language, ...pageTexts('communities', site, language), path } };
  const signIn = SIGN_IN_KEYS[path];
  if (signIn)
    return {
      head: { language, ...pageTexts(signIn, site, language), path, noindex: !INDEXABLE_SIGN_IN.has(path) },
    };

  const fixed = FIXED_CMS_PAGES[path];
  if (fixed) return { content: { kind: 'page', slug: fixed, fixedPath: path } };
  const property = /^\/property\/([^/]+)$/.exec(path);
  if (property) return { content: { kind: 'property', slug: property[1]! } };
  const slug = /^\/(pages|blog|communities)\/([^/]+)$/.exec(path);
  if (slug) {
    const kind = slug[1] === 'pages' ? 'page' : slug[1] === 'blog' ? 'blog' : 'community';
    return { content: { kind, slug: slug[2]! } };
  }
  if (!isKnownRoute(path)) return { head: notFoundHead(site, language, path), notFound: true };
  return { head: siteHead(site, language, path) };
}

/** The site's own head, for a page of the app without one of its own (a finder, a portal screen). */
export function siteHead(site: Site, language: Language, path: string): PageHead {
  return { language, ...pageTexts('site', site, language), path };
}

export function notFoundHead(site: Site, language: Language, path: string): PageHead {
  return { language, ...pageTexts('notFound', site, language), path, noindex: true };
}

/** The first paragraph of a Markdown body as plain text, for a description. */
export function summaryOf(markdown: string, max = 160): string {
  const text = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block && !block.startsWith('#') && !/^[-*\d]/.test(block));
  const plain = (text ?? markdown)
    .replace(/[*_#[\]]|\(([^)]*)\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

export function blogPath(blog: Pick<Blog, 'slug' | 'slugAr'>, language: Language): string {
  return `/blog/${language === 'ar' ? blog.slugAr : blog.slug}`;
}

export function communityPath(community: Pick<Community, 'slug' | 'slugAr'>, language: Language): string {
  return `/communities/${language === 'ar' ? community.slugAr : community.slug}`;
}

/** A CMS page: at its fixed path (`/aboutCompany`), or at `/pages/<slug in the language>` with both slugs as alternates. */
export function cmsPageHead(page: CmsPage, language: Language, fixedPath?: string): PageHead {
  const slugs = { en: `/pages/${page.publicSlug}`, ar: `/pages/${page.publicSlugAr}` };
  return {
    language,
    title: page.title,
    description: summaryOf(page.body),
    path: fixedPath ?? slugs[language],
    alternates: fixedPath ? undefined : slugs,
    type: 'article',
  };
}

export function blogHead(blog: Blog, language: Language): PageHead {
  return {
    language,
    title: blog.title,
    description: blog.excerpt,
    path: blogPath(blog, language),
    alternates: { en: blogPath(blog, 'en'), ar: blogPath(blog, 'ar') },
    image: blog.coverImage,
    type: 'article',
  };
}

export function communityHead(community: Community, language: Language): PageHead {
  return {
    language,
    title: community.name,
    description: community.summary,
    path: communityPath(community, language),
    alternates: { en: communityPath(community, 'en'), ar: communityPath(community, 'ar') },
    image: community.coverImage,
    type: 'article',
  };
}

function withLanguage(path: string, language: Language): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('lang', language);
  return `${url.pathname}${url.search}`;
}

/** `path` in each language: the given alternates, else `?lang=xx` on the same path. */
export function alternatePaths(head: Pick<PageHead, 'path' | 'alternates'>): Record<Language, string> {
  const paths = {} as Record<Language, string>;
  for (const language of LANGUAGES)
    paths[language] = head.alternates?.[language] ?? withLanguage(head.path, language);
  return paths;
}

const ARABIC_LETTER = /[\u0600-\u06ff]/;

/**
 * The language a request for a page is in, as the shell decides it: `?lang=`, else a path
 * written in Arabic letters (an Arabic slug is an Arabic page), else the stored choice (the
 * `lang` cookie), else English.
 */
export function requestLanguage(pathname: string, search: string, cookieLanguage?: string | null): Language {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (fromQuery === 'en' || fromQuery === 'ar') return fromQuery;
  if (ARABIC_LETTER.test(normalizePathname(pathname))) return 'ar';
  if (cookieLanguage === 'en' || cookieLanguage === 'ar') return cookieLanguage;
  return 'en';
}

/** What the property page's head needs of a listing (the search service's detail). */
type HeadListing = Pick<
  PublishedProperty,
  | 'slug'
  | 'title'
  | 'description'
  | 'subTitle'
  | 'kind'
  | 'bedrooms'
  | 'bathrooms'
  | 'area'
  | 'areaUnit'
  | 'currency'
  | 'approvedAt'
  | 'latitude'
  | 'longitude'
  | 'location'
  | 'media'
  | 'purpose'
> & { displayPrice: DisplayPrice; exactLocation: boolean };

export function propertyPath(slug: string): string {
  return `/property/${encodeURIComponent(slug)}`;
}

const PERIOD_UNIT: Partial<Record<DisplayPrice['period'], string>> = {
  daily: 'DAY',
  weekly: 'WK',
  monthly: 'MON',
  yearly: 'ANN',
};

/**
 * The head of `/property/[slug]`: its title and a description made of its facts, the cover as
 * the link preview's image, and a schema.org `RealEstateListing` (with its `Offer`, the place
 * and, where exact, the coordinates) for search engines. One path for both languages (the
 * slug does not change), so the alternates are `?lang=en` / `?lang=ar`.
 */
export function propertyHead(listing: HeadListing, site: Site, language: Language): PageHead {
  const title = listing.title[language] || listing.title.en;
  const place = [listing.location.community, listing.location.city]
    .filter((ref): ref is NonNullable<typeof ref> => ref !== null)
    .map((ref) => ref.name[language] || ref.name.en)
    .join(language === 'ar' ? '، ' : ', ');
  const text = listing.description?.[language] || listing.subTitle?.[language] || '';
  const description = summaryOf(text || `${title}${place ? ` — ${place}` : ''}`);
  const path = propertyPath(listing.slug);
  const image = listing.media.photos[0] ?? null;
  const unitCode = listing.areaUnit === 'sqm' ? 'MTK' : 'FTK';
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: title,
    description,
    url: path,
    datePosted: listing.approvedAt,
    inLanguage: language,
    image: listing.media.photos.slice(0, 6),
    offers: {
      '@type': 'Offer',
      price: listing.displayPrice.amount,
      priceCurrency: listing.currency,
      businessFunction:
        listing.purpose === 'rent'
          ? 'http://purl.org/goodrelations/v1#LeaseOut'
          : 'http://purl.org/goodrelations/v1#Sell',
      ...(PERIOD_UNIT[listing.displayPrice.period]
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: listing.displayPrice.amount,
              priceCurrency: listing.currency,
              unitCode: PERIOD_UNIT[listing.displayPrice.period],
            },
          }
        : {}),
    },
    about: {
      '@type':
        listing.kind === 'villa' || listing.kind === 'townhouse' ? 'SingleFamilyResidence' : 'Accommodation',
      numberOfBedrooms: listing.bedrooms,
      numberOfBathroomsTotal: listing.bathrooms,
      floorSize: { '@type': 'QuantitativeValue', value: listing.area, unitCode },
      address: {
        '@type': 'PostalAddress',
        addressLocality: listing.location.city?.name[language] ?? undefined,
        addressRegion: listing.location.community?.name[language] ?? undefined,
        addressCountry: site.toUpperCase(),
      },
      ...(listing.exactLocation
        ? { geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude } }
        : {}),
    },
  };
  return { language, title, description, path, image, type: 'article', jsonLd };
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">`, its `url` made absolute on
 * the site's origin, `<` escaped so no value can close the script (the same text in the
 * gateway's HTML and the page's head).
 */
export function jsonLdText(data: Record<string, unknown>, origin: string): string {
  const withUrl = typeof data.url === 'string' ? { ...data, url: new URL(data.url, origin).href } : data;
  return JSON.stringify(withUrl).replace(/</g, '\\u003c');
}
