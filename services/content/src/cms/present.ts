import {
  FAQ_CATEGORIES,
  renderCmsMarkdown,
  type Banner as BannerView,
  type BlogSummary,
  type Blog as BlogView,
  type CmsPage,
  type Community as CommunityView,
  type CommunitySummary,
  type Faq as FaqView,
  type Language,
  type TopMenuItem,
} from '@manzil/contracts';
import type { Banner } from './banner.entity.js';
import type { Blog } from './blog.entity.js';
import type { Community } from './community.entity.js';
import type { Faq } from './faq.entity.js';
import type { Menu } from './menu.entity.js';
import type { Page } from './page.entity.js';

/** Spec §3 top menu item: both languages, as the header switches without a refetch. */
export function presentMenu(menu: Menu): TopMenuItem {
  return {
    _id: menu.id,
    name: menu.name.en,
    nameAr: menu.name.ar,
    link: menu.link.en,
    linkAr: menu.link.ar,
    menuSlug: menu.menuSlug,
  };
}

export function presentPageSummary(page: Page, language: Language) {
  return {
    id: page.id,
    slug: page.slug,
    publicSlug: page.publicSlug,
    publicSlugAr: page.publicSlugAr,
    title: page.title[language],
  };
}

export function presentPage(page: Page, language: Language): CmsPage {
  return {
    ...presentPageSummary(page, language),
    body: page.body[language],
    bodyHtml: renderCmsMarkdown(page.body[language]),
    language,
    updatedAt: page.updatedAt.toISOString(),
  };
}

export function presentFaq(faq: Faq, language: Language): FaqView {
  return {
    id: faq.id,
    question: faq.question[language],
    answer: faq.answer[language],
    category: faq.category,
    categoryName: FAQ_CATEGORIES[faq.category][language],
    position: faq.position,
  };
}

export function presentBlogSummary(blog: Blog, language: Language): BlogSummary {
  return {
    id: blog.id,
    slug: blog.slug,
    slugAr: blog.slugAr,
    title: blog.title[language],
    excerpt: blog.excerpt[language],
    coverImage: blog.coverImage,
    author: blog.author[language],
    publishedAt: (blog.publishedAt ?? blog.createdAt).toISOString(),
    tags: blog.tags.map((tag) => tag[language]),
  };
}

export function presentBlog(blog: Blog, language: Language): BlogView {
  return {
    ...presentBlogSummary(blog, language),
    body: blog.body[language],
    bodyHtml: renderCmsMarkdown(blog.body[language]),
    language,
    updatedAt: blog.updatedAt.toISOString(),
  };
}

/** Spec §3 ad: the client shows `results[0].display`, already in the request language. */
export function presentBanner(banner: Banner, language: Language): BannerView {
  return {
    _id: banner.id,
    placement: banner.placement,
    display: {
      title: banner.title[language],
      subtitle: banner.subtitle[language],
      ctaLabel: banner.ctaLabel[language],
      link: banner.link[language],
      imageUrl: (language === 'ar' ? banner.imageUrlAr : null) ?? banner.imageUrl,
      imageAlt: banner.title[language],
    },
  };
}

export function presentCommunitySummary(community: Community, language: Language): CommunitySummary {
  return {
    id: community.id,
    slug: community.slug,
    slugAr: community.slugAr,
    name: community.name[language],
    city: community.city[language],
    citySlug: community.citySlug,
    summary: community.summary[language],
    coverImage: community.coverImage,
    latitude: community.latitude,
    longitude: community.longitude,
  };
}

export function presentCommunity(community: Community, language: Language): CommunityView {
  return {
    ...presentCommunitySummary(community, language),
    description: community.description[language],
    descriptionHtml: renderCmsMarkdown(community.description[language]),
    highlights: community.highlights.map((highlight) => highlight[language]),
    language,
  };
}
