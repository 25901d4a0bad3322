import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { languageSchema, siteSchema, type Language } from './site.js';
import { tidySpaces } from './text.js';
import {
  countryCodeSchema,
  emailSchema,
  latitudeSchema,
  longitudeSchema,
  mobileSchema,
  nameSchema,
} from './validation.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The content service's CMS (spec §2 header/footer/pages, §3 admin info, top menu, ads, §9
 * mortgage): what is stored, what the public reads, what the admin console sends.
 *
 * Storage is bilingual: every text is `{ en, ar }`. Public reads are worded in the request's
 * `language` header and carry both slugs where a page has an alternate-language address.
 * Page, blog and community bodies are **Markdown** (a small subset, see `renderCmsMarkdown`);
 * the service also returns `bodyHtml`, rendered by that same function, which only ever emits
 * tags it made itself, so it is safe to inject. The admin console previews with the same
 * function.
 */

// ---------------------------------------------------------------------------------------
// Building blocks

const text = (value: unknown) => (typeof value === 'string' ? tidySpaces(value) : value);
/** Multi-line text: trims the ends and keeps line breaks (Markdown needs them). */
const longText = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : value;

/** A required one-line text of at most `max` characters (spaces tidied, spec §5). */
export const cmsRequiredText = (max: number) =>
  z.preprocess(text, z.string({ message: 'text.required' }).min(1, 'text.required').max(max, 'text.tooLong'));
/** An optional one-line text ('' allowed) of at most `max` characters. */
export const cmsOptionalText = (max: number) =>
  z.preprocess(text, z.string().max(max, 'text.tooLong')).default('');
/** Required multi-line text (Markdown bodies, messages). */
export const cmsLongText = (max: number) =>
  z.preprocess(
    longText,
    z.string({ message: 'text.required' }).min(1, 'text.required').max(max, 'text.tooLong'),
  );

/** A text in both languages, both required. */
export const bilingualText = (max: number) =>
  z.object({ en: cmsRequiredText(max), ar: cmsRequiredText(max) });
/** A text in both languages, both optional. */
export const optionalBilingualText = (max: number) =>
  z.object({ en: cmsOptionalText(max), ar: cmsOptionalText(max) }).default({ en: '', ar: '' });
/** A Markdown body in both languages. */
export const bilingualMarkdown = (max: number) => z.object({ en: cmsLongText(max), ar: cmsLongText(max) });
export type Bilingual = { en: string; ar: string };

/** Picks the request language's text. */
export function pickLanguage(value: Bilingual, language: Language): string {
  return value[language];
}

/** An absolute http(s) URL or a path on the site (`/blog`, `/api/content/v1/media/x.svg`). */
export const CMS_URL_PATTERN = /^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/;
export const cmsUrlSchema = lazySchema(() =>
  z.preprocess(
    text,
    z.string({ message: 'url.invalid' }).max(500, 'url.invalid').regex(CMS_URL_PATTERN, 'url.invalid'),
  ),
);
export const cmsOptionalUrlSchema = lazySchema(() =>
  z
    .preprocess(
      (value) => (value === '' ? null : text(value)),
      z.string().max(500, 'url.invalid').regex(CMS_URL_PATTERN, 'url.invalid').nullable(),
    )
    .default(null),
);

/** A Latin slug (`about-us`, `dubai-marina`). */
export const cmsSlugSchema = lazySchema(() =>
  z.preprocess(
    text,
    z
      .string({ message: 'slug.invalid' })
      .max(120, 'slug.invalid')
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug.invalid'),
  ),
);
/** An Arabic (or any letters) slug (`من-نحن`). */
export const cmsSlugArSchema = lazySchema(() =>
  z.preprocess(
    text,
    z
      .string({ message: 'slug.invalid' })
      .max(120, 'slug.invalid')
      .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, 'slug.invalid'),
  ),
);

const idSchema = lazySchema(() => z.uuid());
const positionSchema = lazySchema(() => z.coerce.number().int().min(0).max(10_000).default(0));
const isoDate = lazySchema(() => z.iso.datetime({ offset: true }));

/** The message keys of this file (texts in `VALIDATION_MESSAGES` of validation.ts). */
export const CMS_MESSAGE_KEYS = [
  'text.required',
  'text.tooLong',
  'url.invalid',
  'slug.invalid',
  'slug.taken',
  'rating.required',
  'message.required',
  'complaintType.invalid',
  'reply.required',
  'cms.saudiOnly',
] as const;

/** The acknowledgement texts of the public forms (envelope `message`). */
export const CMS_ACKNOWLEDGEMENTS = {
  contactUs: {
    en: 'Thank you for contacting us. Our team will get back to you shortly.',
    ar: 'شكرًا لتواصلك معنا. سيتواصل معك فريقنا قريبًا.',
  },
  complaint: {
    en: 'Thank you. Your complaint has been received and our team will review it.',
    ar: 'شكرًا لك. تم استلام شكواك وسيقوم فريقنا بمراجعتها.',
  },
  suggestion: {
    en: 'Thank you for your suggestion. We read every one.',
    ar: 'شكرًا لاقتراحك. نحن نقرأ كل اقتراح.',
  },
  feedback: { en: 'Thank you for your feedback.', ar: 'شكرًا لملاحظاتك.' },
} as const satisfies Record<string, Record<Language, string>>;

// ---------------------------------------------------------------------------------------
// Admin info (spec §3) — footer contact block, social links, Saudi app block

export const adminInfoSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    /** Without the prefix; the site's prefix is `phonePrefix` (+971 / +966). */
    mobile: z.string(),
    phonePrefix: z.string(),
    /** Digits with country code, for `https://wa.me/<whatsapp>`. */
    whatsapp: z.string(),
    /** In the request's language. */
    addresses: z.array(z.string()),
    facebookUrl: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    /** Spelled as the spec spells it. */
    instgramUrl: z.string().nullable(),
    /** Saudi site only (null on ae): app download block and licence certificate in the footer. */
    appStoreUrl: z.string().nullable(),
    playStoreUrl: z.string().nullable(),
    licenceCertificateUrl: z.string().nullable(),
  }),
);
export type AdminInfo = z.infer<typeof adminInfoSchema>;

/** `PUT admin/admin-info` body, and what `GET admin/admin-info` returns (plus updatedAt). */
export const updateAdminInfoSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    mobile: mobileSchema,
    whatsapp: z.preprocess(
      (value) => (typeof value === 'string' ? value.replace(/[\s+-]/g, '') : value),
      z.string().regex(/^\d{8,15}$/, 'mobile.invalid'),
    ),
    addresses: z.array(bilingualText(300)).max(10),
    facebookUrl: cmsOptionalUrlSchema,
    linkedinUrl: cmsOptionalUrlSchema,
    twitterUrl: cmsOptionalUrlSchema,
    youtubeUrl: cmsOptionalUrlSchema,
    instgramUrl: cmsOptionalUrlSchema,
    /** Must stay null on the UAE site (422 `cms.saudiOnly`). */
    appStoreUrl: cmsOptionalUrlSchema,
    playStoreUrl: cmsOptionalUrlSchema,
    licenceCertificateUrl: cmsOptionalUrlSchema,
  }),
);
export type UpdateAdminInfo = z.infer<typeof updateAdminInfoSchema>;
export const adminInfoAdminSchema = lazySchema(() =>
  updateAdminInfoSchema.extend({
    addresses: z.array(z.object({ en: z.string(), ar: z.string() })),
    whatsapp: z.string(),
    site: siteSchema,
    updatedAt: isoDate,
  }),
);

// ---------------------------------------------------------------------------------------
// Top menu (spec §3): `GET top-menus?type=Agent|Company|Customer`

export const TOP_MENU_TYPES = ['Agent', 'Company', 'Customer'] as const;
/** No type = a visitor: filtered like a customer (spec §6). */
export const topMenuQuerySchema = lazySchema(() => z.object({ type: z.enum(TOP_MENU_TYPES).optional() }));
export const topMenuItemSchema = lazySchema(() =>
  z.object({
    _id: idSchema,
    name: z.string(),
    nameAr: z.string(),
    link: z.string(),
    linkAr: z.string(),
    /**
     * What the item points at. When it is a property type slug (buy, rent, commercial-buy,
     * commercial-rent) the item is hidden from visitors and customers while that type is inactive.
     */
    menuSlug: z.string(),
  }),
);
export type TopMenuItem = z.infer<typeof topMenuItemSchema>;

export const menuInputSchema = lazySchema(() =>
  z.object({
    name: bilingualText(60),
    /** A site path per language (`/buy/properties-for-sale`, Arabic path) or an http(s) URL. */
    link: z.object({ en: cmsUrlSchema, ar: cmsUrlSchema }),
    menuSlug: cmsSlugSchema,
    position: positionSchema,
    published: z.boolean().default(true),
  }),
);
export type MenuInput = z.infer<typeof menuInputSchema>;

// ---------------------------------------------------------------------------------------
// Static pages (about, terms, privacy, /pages/[slug])

export const cmsPageSummarySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    slug: z.string(),
    publicSlug: z.string(),
    publicSlugAr: z.string(),
    title: z.string(),
  }),
);
/** `GET pages/:slug` where slug is the publicSlug or the publicSlugAr (or the internal slug). */
export const cmsPageSchema = lazySchema(() =>
  cmsPageSummarySchema.extend({
    /** Markdown in the request language. */
    body: z.string(),
    /** `renderCmsMarkdown(body)`: safe HTML. */
    bodyHtml: z.string(),
    language: languageSchema,
    updatedAt: isoDate,
  }),
);
export type CmsPage = z.infer<typeof cmsPageSchema>;

export const cmsPageInputSchema = lazySchema(() =>
  z.object({
    /** Internal key (`about-us`, `terms-and-conditions`, `privacy-policy`, ...). */
    slug: cmsSlugSchema,
    publicSlug: cmsSlugSchema,
    publicSlugAr: cmsSlugArSchema,
    title: bilingualText(150),
    body: bilingualMarkdown(50_000),
    position: positionSchema,
    published: z.boolean().default(true),
  }),
);
export type CmsPageInput = z.infer<typeof cmsPageInputSchema>;

// ---------------------------------------------------------------------------------------
// FAQs

export const FAQ_CATEGORIES = {
  general: { en: 'General', ar: 'عام' },
  buying: { en: 'Buying', ar: 'الشراء' },
  renting: { en: 'Renting', ar: 'الإيجار' },
  selling: { en: 'Selling and listing', ar: 'البيع والإعلان' },
  agents: { en: 'Agents and companies', ar: 'الوسطاء والشركات' },
  payments: { en: 'Payments and subscriptions', ar: 'المدفوعات والاشتراكات' },
  account: { en: 'Your account', ar: 'حسابك' },
} as const satisfies Record<string, Record<Language, string>>;
export type FaqCategory = keyof typeof FAQ_CATEGORIES;
export const faqCategorySchema = lazySchema(() =>
  z.enum(Object.keys(FAQ_CATEGORIES) as [FaqCategory, ...FaqCategory[]], {
    message: 'text.required',
  }),
);

export const faqQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({ category: faqCategorySchema.optional() }),
);
export const faqSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    question: z.string(),
    answer: z.string(),
    category: faqCategorySchema,
    /** The category's name in the request language. */
    categoryName: z.string(),
    position: z.number().int(),
  }),
);
export type Faq = z.infer<typeof faqSchema>;

export const faqInputSchema = lazySchema(() =>
  z.object({
    question: bilingualText(300),
    answer: z.object({ en: cmsLongText(5000), ar: cmsLongText(5000) }),
    category: faqCategorySchema,
    position: positionSchema,
    published: z.boolean().default(true),
  }),
);
export type FaqInput = z.infer<typeof faqInputSchema>;

// ---------------------------------------------------------------------------------------
// Blogs

export const blogQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    /** A tag in either language. */
    tag: z.preprocess(text, z.string().max(60)).optional(),
  }),
);
export const blogSummarySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    slug: z.string(),
    slugAr: z.string(),
    title: z.string(),
    excerpt: z.string(),
    coverImage: z.string(),
    author: z.string(),
    publishedAt: isoDate,
    tags: z.array(z.string()),
  }),
);
export const blogSchema = lazySchema(() =>
  blogSummarySchema.extend({
    body: z.string(),
    bodyHtml: z.string(),
    language: languageSchema,
    updatedAt: isoDate,
  }),
);
export type BlogSummary = z.infer<typeof blogSummarySchema>;
export type Blog = z.infer<typeof blogSchema>;

export const blogInputSchema = lazySchema(() =>
  z.object({
    slug: cmsSlugSchema,
    slugAr: cmsSlugArSchema,
    title: bilingualText(200),
    excerpt: bilingualText(400),
    body: bilingualMarkdown(100_000),
    coverImage: cmsUrlSchema,
    author: bilingualText(80),
    tags: z.array(bilingualText(40)).max(10).default([]),
    /** When absent, set when the blog is first published. */
    publishedAt: isoDate.optional(),
    published: z.boolean().default(true),
  }),
);
export type BlogInput = z.infer<typeof blogInputSchema>;

// ---------------------------------------------------------------------------------------
// Banners and ads (spec §3 Ad: "first result's display field")

export const BANNER_PLACEMENTS = ['home', 'ad', 'side'] as const;
export const bannerPlacementSchema = lazySchema(() => z.enum(BANNER_PLACEMENTS));
/** The `display` object, in the request language. */
export const bannerDisplaySchema = lazySchema(() =>
  z.object({
    title: z.string(),
    subtitle: z.string(),
    ctaLabel: z.string(),
    link: z.string().nullable(),
    imageUrl: z.string(),
    imageAlt: z.string(),
  }),
);
/** `GET home-banner | ad-banner | side-ads` → an array of these, in order; the client shows `[0].display`. */
export const bannerSchema = lazySchema(() =>
  z.object({
    _id: idSchema,
    placement: bannerPlacementSchema,
    display: bannerDisplaySchema,
  }),
);
export type Banner = z.infer<typeof bannerSchema>;

export const bannerInputSchema = lazySchema(() =>
  z.object({
    placement: bannerPlacementSchema,
    title: bilingualText(150),
    subtitle: optionalBilingualText(300),
    ctaLabel: optionalBilingualText(40),
    link: z.object({ en: cmsOptionalUrlSchema, ar: cmsOptionalUrlSchema }).default({ en: null, ar: null }),
    imageUrl: cmsUrlSchema,
    /** Art for the rtl page when the image has text or direction; falls back to imageUrl. */
    imageUrlAr: cmsOptionalUrlSchema,
    position: positionSchema,
    published: z.boolean().default(true),
  }),
);
export type BannerInput = z.infer<typeof bannerInputSchema>;

// ---------------------------------------------------------------------------------------
// Communities / area guides

export const communityQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    /** `dubai`, `abu-dhabi`, `riyadh`, `jeddah`. */
    city: cmsSlugSchema.optional(),
  }),
);
export const communitySummarySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    slug: z.string(),
    slugAr: z.string(),
    name: z.string(),
    city: z.string(),
    citySlug: z.string(),
    summary: z.string(),
    coverImage: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
);
export const communitySchema = lazySchema(() =>
  communitySummarySchema.extend({
    /** Markdown. */
    description: z.string(),
    descriptionHtml: z.string(),
    highlights: z.array(z.string()),
    language: languageSchema,
  }),
);
export type CommunitySummary = z.infer<typeof communitySummarySchema>;
export type Community = z.infer<typeof communitySchema>;

export const communityInputSchema = lazySchema(() =>
  z.object({
    slug: cmsSlugSchema,
    slugAr: cmsSlugArSchema,
    name: bilingualText(100),
    city: bilingualText(60),
    citySlug: cmsSlugSchema,
    summary: bilingualText(300),
    description: bilingualMarkdown(20_000),
    highlights: z.array(bilingualText(200)).max(12).default([]),
    coverImage: cmsUrlSchema,
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    position: positionSchema,
    published: z.boolean().default(true),
  }),
);
export type CommunityInput = z.infer<typeof communityInputSchema>;

// ---------------------------------------------------------------------------------------
// Master data and mortgage settings

export const MASTER_DATA_KINDS = ['propertyKinds', 'furnishing', 'amenities'] as const;
export const masterDataOptionSchema = lazySchema(() => z.object({ value: z.string(), label: z.string() }));
/** `GET master-data`: option lists in the request language, values are the stored keys. */
export const masterDataSchema = lazySchema(() =>
  z.object({
    propertyKinds: z.array(masterDataOptionSchema),
    furnishing: z.array(masterDataOptionSchema),
    amenities: z.array(masterDataOptionSchema),
  }),
);
export type MasterData = z.infer<typeof masterDataSchema>;

/** Spec §5/§9 mortgage limits and the fee tiers' threshold, the same on both sites. */
export const MORTGAGE_LIMITS = {
  minPropertyValue: 50_000,
  minTermYears: 2,
  maxTermYears: 25,
  maxDownPaymentPercent: 80,
  minInterestRate: 0.45,
  maxInterestRate: 10.55,
  feeThreshold: 500_000,
} as const;

/** `GET mortgage-settings`: limits, defaults and the upfront-cost rates of the site. */
export const mortgageSettingsSchema = lazySchema(() =>
  z.object({
    currency: z.enum(['AED', 'SAR']),
    minPropertyValue: z.number(),
    minTermYears: z.number(),
    maxTermYears: z.number(),
    /** Site rule (UAE Central Bank 20% for a first home, SAMA 10%). */
    minDownPaymentPercent: z.number(),
    maxDownPaymentPercent: z.number(),
    minInterestRate: z.number(),
    maxInterestRate: z.number(),
    defaultInterestRate: z.number(),
    defaultTermYears: z.number(),
    defaultDownPaymentPercent: z.number(),
    /** Spec §9: agency and admin (trustee) fees differ below and above this value. */
    feeThreshold: z.number(),
    fees: z.object({
      landDepartmentPercent: z.number(),
      registrationFeeBelow: z.number(),
      registrationFeeAbove: z.number(),
      mortgageRegistrationPercent: z.number(),
      mortgageRegistrationFixed: z.number(),
      agencyPercentBelow: z.number(),
      agencyPercentAbove: z.number(),
      bankArrangementPercent: z.number(),
      valuationFee: z.number(),
      vatPercent: z.number(),
    }),
  }),
);
export type MortgageSettings = z.infer<typeof mortgageSettingsSchema>;

// ---------------------------------------------------------------------------------------
// Contact us, complaints and suggestions, feedback (public forms)

export const contactUsSchema = lazySchema(() =>
  z.object({
    name: nameSchema,
    email: emailSchema,
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    message: z.preprocess(
      longText,
      z.string({ message: 'message.required' }).min(1, 'message.required').max(2000, 'text.tooLong'),
    ),
  }),
);
export type ContactUs = z.infer<typeof contactUsSchema>;

export const COMPLAINT_TYPES = ['complaint', 'suggestion'] as const;
export const complaintSchema = lazySchema(() =>
  contactUsSchema.extend({
    type: z.enum(COMPLAINT_TYPES, { message: 'complaintType.invalid' }),
    subject: cmsRequiredText(150),
  }),
);
export type ComplaintInput = z.infer<typeof complaintSchema>;

export const FEEDBACK_TYPES = ['page', 'blog', 'faq', 'community', 'property', 'general'] as const;
export const feedbackSchema = lazySchema(() =>
  z.object({
    type: z.enum(FEEDBACK_TYPES).default('general'),
    /** The page/blog/... slug or id the feedback is about. */
    target: z.preprocess(text, z.string().max(200)).optional(),
    rating: z.coerce
      .number({ message: 'rating.required' })
      .int('rating.required')
      .min(1, 'rating.required')
      .max(5, 'rating.required'),
    comment: z.preprocess(longText, z.string().max(1000, 'text.tooLong')).optional(),
  }),
);
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** What a submission answers (with an acknowledgement `message` in the request language). */
export const submissionReceiptSchema = lazySchema(() => z.object({ id: idSchema, createdAt: isoDate }));

export const MESSAGE_STATUSES = ['new', 'in-progress', 'answered', 'closed'] as const;
export const messageStatusSchema = lazySchema(() => z.enum(MESSAGE_STATUSES));
/** `PUT admin/contact-messages/:id/answer` and `admin/complaints/:id/answer`. */
export const answerMessageSchema = lazySchema(() =>
  z
    .object({
      status: z.enum(['in-progress', 'answered', 'closed']),
      reply: z.preprocess(longText, z.string().max(5000, 'text.tooLong')).default(''),
    })
    .refine((answer) => answer.status !== 'answered' || answer.reply.length > 0, {
      message: 'reply.required',
      path: ['reply'],
    }),
);
export type AnswerMessage = z.infer<typeof answerMessageSchema>;

export const messageQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({ status: messageStatusSchema.optional() }),
);
export const contactMessageSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    countryCode: z.string(),
    mobile: z.string(),
    message: z.string(),
    language: languageSchema,
    status: messageStatusSchema,
    reply: z.string().nullable(),
    repliedAt: isoDate.nullable(),
    createdAt: isoDate,
  }),
);
export const complaintMessageSchema = lazySchema(() =>
  contactMessageSchema.extend({
    type: z.enum(COMPLAINT_TYPES),
    subject: z.string(),
    accountId: z.string().nullable(),
  }),
);
export const feedbackEntrySchema = lazySchema(() =>
  z.object({
    id: idSchema,
    type: z.enum(FEEDBACK_TYPES),
    target: z.string().nullable(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    accountId: z.string().nullable(),
    createdAt: isoDate,
  }),
);

// ---------------------------------------------------------------------------------------
// Admin console: one shape per kind, everything in both languages

export const CMS_KINDS = ['pages', 'blogs', 'faqs', 'menus', 'banners', 'communities'] as const;
export type CmsKind = (typeof CMS_KINDS)[number];
export const cmsKindSchema = lazySchema(() => z.enum(CMS_KINDS));

const adminMeta = {
  id: idSchema,
  site: siteSchema,
  published: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
};
/** What the admin reads back: the input with every language, plus id, site and dates. */
export const ADMIN_ITEM_SCHEMAS = {
  pages: cmsPageInputSchema.extend(adminMeta),
  blogs: blogInputSchema.extend({ ...adminMeta, publishedAt: isoDate.nullable() }),
  faqs: faqInputSchema.extend(adminMeta),
  menus: menuInputSchema.extend(adminMeta),
  banners: bannerInputSchema.extend(adminMeta),
  communities: communityInputSchema.extend(adminMeta),
} as const satisfies Record<CmsKind, z.ZodType>;
/** The body of `POST admin/:kind` and `PUT admin/:kind/:id` (a PUT replaces the whole item). */
export const ADMIN_INPUT_SCHEMAS = {
  pages: cmsPageInputSchema,
  blogs: blogInputSchema,
  faqs: faqInputSchema,
  menus: menuInputSchema,
  banners: bannerInputSchema,
  communities: communityInputSchema,
} as const satisfies Record<CmsKind, z.ZodType>;
export type AdminItem<K extends CmsKind> = z.infer<(typeof ADMIN_ITEM_SCHEMAS)[K]>;
export type AdminInput<K extends CmsKind> = z.input<(typeof ADMIN_INPUT_SCHEMAS)[K]>;
export const adminListQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    published: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    /** banners only: `home`, `ad`, `side`. */
    placement: bannerPlacementSchema.optional(),
  }),
);
export const mediaFileSchema = lazySchema(() => z.object({ file: z.string(), url: z.string() }));

// ---------------------------------------------------------------------------------------
// Endpoints

/** Where a browser fetches a content image: through the gateway of either site origin. */
export function contentMediaUrl(file: string): string {
  return `/api/content/v1/media/${file}`;
}

/**
 * The content service's endpoints, relative to `/api/content` on a site's origin. Every
 * request carries `language` (texts come back in it) and the site comes from the origin.
 * Lists answer `{ items, page, limit, total }` (`?page=1&limit=20`, limit ≤ 100).
 */
export const CONTENT_API = {
  /** GET → siteConfigSchema (spec §3 Config). */
  config: '/v1/config',
  /** GET → adminInfoSchema. */
  adminInfo: '/v1/admin-info',
  /** GET ?type=Agent|Company|Customer (none = visitor) → topMenuItemSchema[] in order (not paginated: the whole menu). */
  topMenus: '/v1/top-menus',
  /** GET → cmsPageSummarySchema[] of the published pages. */
  pages: '/v1/pages',
  /** GET by publicSlug, publicSlugAr or slug → cmsPageSchema; 404 NOT_FOUND when missing or unpublished. */
  page: (slug: string) => `/v1/pages/${encodeURIComponent(slug)}`,
  /** GET faqQuerySchema (?category&page&limit) → page of faqSchema. */
  faqs: '/v1/faqs',
  /** GET blogQuerySchema (?tag&page&limit) → page of blogSummarySchema, newest first. */
  blogs: '/v1/blogs',
  /** GET by slug or slugAr → blogSchema. */
  blog: (slug: string) => `/v1/blogs/${encodeURIComponent(slug)}`,
  /** GET → bannerSchema[] (placement home). */
  homeBanner: '/v1/home-banner',
  /** GET → bannerSchema[] (placement ad); the spec's "get ads": show `results[0].display`. */
  adBanner: '/v1/ad-banner',
  /** GET → bannerSchema[] (placement side). */
  sideAds: '/v1/side-ads',
  /** GET communityQuerySchema (?city&page&limit) → page of communitySummarySchema. */
  communities: '/v1/communities',
  /** GET by slug or slugAr → communitySchema. */
  community: (slug: string) => `/v1/communities/${encodeURIComponent(slug)}`,
  /** GET → masterDataSchema. */
  masterData: '/v1/master-data',
  /** GET → mortgageSettingsSchema. */
  mortgageSettings: '/v1/mortgage-settings',
  /** POST contactUsSchema → submissionReceiptSchema, message CMS_ACKNOWLEDGEMENTS.contactUs. */
  contactUs: '/v1/contact-us',
  /** POST complaintSchema → submissionReceiptSchema, message complaint/suggestion acknowledgement. Token optional. */
  complaints: '/v1/complaints-and-suggestions',
  /** POST feedbackSchema → submissionReceiptSchema; 422 'Please rate the content' without a rating. Token optional. */
  feedback: '/v1/feedback',
  /** GET an image (svg/png/jpg/webp) shipped with the service: see `contentMediaUrl`. */
  media: (file: string) => `/v1/media/${file}`,
  /** Role admin of the request's site; any other token → 403, none → 401, other site's → 401. */
  admin: {
    /** PUT updateSiteConfigSchema → siteConfigSchema. */
    config: '/v1/admin/config',
    /** GET → adminInfoAdminSchema; PUT updateAdminInfoSchema → adminInfoAdminSchema. */
    adminInfo: '/v1/admin/admin-info',
    /** GET adminListQuerySchema → page of ADMIN_ITEM_SCHEMAS[kind] (published and not); POST ADMIN_INPUT_SCHEMAS[kind] → the item (201). */
    list: (kind: CmsKind) => `/v1/admin/${kind}`,
    /** GET → item; PUT ADMIN_INPUT_SCHEMAS[kind] → item; DELETE → null. */
    item: (kind: CmsKind, id: string) => `/v1/admin/${kind}/${id}`,
    /** POST (no body) → item with published true. */
    publish: (kind: CmsKind, id: string) => `/v1/admin/${kind}/${id}/publish`,
    /** POST (no body) → item with published false. */
    unpublish: (kind: CmsKind, id: string) => `/v1/admin/${kind}/${id}/unpublish`,
    /** GET messageQuerySchema → page of contactMessageSchema, newest first. */
    contactMessages: '/v1/admin/contact-messages',
    /** PUT answerMessageSchema → contactMessageSchema. */
    contactMessageAnswer: (id: string) => `/v1/admin/contact-messages/${id}/answer`,
    /** GET messageQuerySchema (+ ?type is not supported: filter on the client) → page of complaintMessageSchema. */
    complaints: '/v1/admin/complaints',
    /** PUT answerMessageSchema → complaintMessageSchema. */
    complaintAnswer: (id: string) => `/v1/admin/complaints/${id}/answer`,
    /** GET paginationQuerySchema → page of feedbackEntrySchema. */
    feedback: '/v1/admin/feedback',
    /** GET → mediaFileSchema[]: the images an admin can pick for covers and banners. */
    media: '/v1/admin/media',
  },
} as const;

// ---------------------------------------------------------------------------------------
// Markdown → safe HTML (server and admin preview use this one function)

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const SAFE_HREF = /^(https?:\/\/|\/(?!\/)|mailto:|tel:|#)/i;

function renderInline(source: string): string {
  // Escape first: nothing typed can become a tag. Then our own markup on the escaped text.
  let html = escapeHtml(source);
  html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
    const raw = href.replace(/&amp;/g, '&');
    if (!SAFE_HREF.test(raw)) return label;
    const external = /^https?:\/\//i.test(raw);
    return `<a href="${href}"${external ? ' rel="noopener noreferrer" target="_blank"' : ''}>${label}</a>`;
  });
  html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  html = html.replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');
  return html;
}

/**
 * The Markdown subset of CMS bodies: `## ` / `### ` headings, paragraphs (blank line
 * between), `- ` bullet and `1. ` numbered lists, `**bold**`, `*italic*`, `[text](url)` with
 * http(s), site paths, mailto and tel only. Raw HTML shows as text. Direction is the page's:
 * the output has no `dir`, so it follows the `<html dir>` of the language.
 */
export function renderCmsMarkdown(markdown: string): string {
  const blocks = markdown.replace(/\r\n/g, '\n').split(/\n\s*\n/);
  const out: string[] = [];
  for (const block of blocks) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const heading = /^(#{2,3})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      const level = heading[1].length;
      out.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
    } else if (lines.every((line) => /^[-*]\s+/.test(line))) {
      out.push(
        `<ul>${lines.map((line) => `<li>${renderInline(line.replace(/^[-*]\s+/, ''))}</li>`).join('')}</ul>`,
      );
    } else if (lines.every((line) => /^\d+[.)]\s+/.test(line))) {
      out.push(
        `<ol>${lines.map((line) => `<li>${renderInline(line.replace(/^\d+[.)]\s+/, ''))}</li>`).join('')}</ol>`,
      );
    } else if (heading) {
      const level = heading[1].length;
      out.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      out.push(`<p>${renderInline(lines.slice(1).join(' '))}</p>`);
    } else {
      out.push(`<p>${renderInline(lines.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}
