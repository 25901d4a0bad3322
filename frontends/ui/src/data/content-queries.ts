import { queryOptions } from '@tanstack/react-query';
import { z, type ZodType } from 'zod';
import {
  CONTENT_API,
  adminInfoSchema,
  bannerSchema,
  blogSchema,
  blogSummarySchema,
  cmsPageSchema,
  communitySchema,
  communitySummarySchema,
  faqSchema,
  mortgageSettingsSchema,
  pageSchema,
  siteConfigSchema,
  topMenuItemSchema,
  type Language,
} from '@manzil/contracts';
import { apiQueryFn } from './api-query.js';

type Params = Record<string, string | number | undefined>;

/**
 * The content service's public reads, shared by the shell (header, footer, config) and the
 * customer remote (home, pages, blog, contact): one key per read, so the footer and the
 * contact page ask for the admin info once. Everything is in the page's language.
 */
export const contentKeys = {
  all: ['content'] as const,
  read: (language: Language, path: string, params: Params = {}) =>
    ['content', language, path, params] as const,
};

function contentQuery<T>(path: string, results: ZodType<T>, language: Language, params: Params = {}) {
  return queryOptions({
    queryKey: contentKeys.read(language, path, params),
    queryFn: apiQueryFn(`/api/content${path}`, { language, results, query: params }),
  });
}

const blogPage = pageSchema(blogSummarySchema);
const communityPage = pageSchema(communitySummarySchema);
const faqPage = pageSchema(faqSchema);
const banners = z.array(bannerSchema);
const topMenu = z.array(topMenuItemSchema);

export const contentQueries = {
  /** Spec §4: fetched again on every language change, so never fresh for long. */
  config: (language: Language) => ({
    ...contentQuery(CONTENT_API.config, siteConfigSchema, language),
    staleTime: 0,
  }),
  adminInfo: (language: Language) => contentQuery(CONTENT_API.adminInfo, adminInfoSchema, language),
  topMenu: (language: Language, type: 'Customer' | 'Agent' | 'Company' | undefined) =>
    contentQuery(CONTENT_API.topMenus, topMenu, language, { type }),
  homeBanner: (language: Language) => contentQuery(CONTENT_API.homeBanner, banners, language),
  blogs: (language: Language, page: number, limit: number) =>
    contentQuery(CONTENT_API.blogs, blogPage, language, { page, limit }),
  blog: (language: Language, slug: string) => contentQuery(CONTENT_API.blog(slug), blogSchema, language),
  page: (language: Language, slug: string) => contentQuery(CONTENT_API.page(slug), cmsPageSchema, language),
  faqs: (language: Language) => contentQuery(CONTENT_API.faqs, faqPage, language, { page: 1, limit: 100 }),
  communities: (language: Language, page: number, limit: number) =>
    contentQuery(CONTENT_API.communities, communityPage, language, { page, limit }),
  community: (language: Language, slug: string) =>
    contentQuery(CONTENT_API.community(slug), communitySchema, language),
  mortgageSettings: (language: Language) =>
    contentQuery(CONTENT_API.mortgageSettings, mortgageSettingsSchema, language),
};
