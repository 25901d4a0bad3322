import type { CmsKind, CONTENT_CHANGE_KINDS } from '@manzil/contracts';
import { Banner } from './banner.entity.js';
import { Blog } from './blog.entity.js';
import type { CmsItem } from './cms-item.base.js';
import { Community } from './community.entity.js';
import { Faq } from './faq.entity.js';
import { Menu } from './menu.entity.js';
import { Page } from './page.entity.js';
import type { CacheArea } from './public-cache.js';

export interface KindDefinition {
  entity: new () => CmsItem;
  /** The `kind` of its `content.changed` events. */
  change: (typeof CONTENT_CHANGE_KINDS)[number];
  /** The public reads a change drops. */
  area: CacheArea;
  /** Unique constraint → the field an admin sees named when a slug is taken. */
  uniques: Record<string, string>;
  /** Admin lists sort by this. */
  order: Record<string, 'ASC' | 'DESC'>;
  /** The public slug carried by the event, when the item has one. */
  slugOf?: (row: CmsItem) => string;
}

/** The six kinds the admin console edits with the same create / edit / publish / delete calls. */
export const CMS_KIND_DEFINITIONS: Record<CmsKind, KindDefinition> = {
  pages: {
    entity: Page,
    change: 'page',
    area: 'pages',
    uniques: {
      pages_site_slug_key: 'slug',
      pages_site_public_slug_key: 'publicSlug',
      pages_site_public_slug_ar_key: 'publicSlugAr',
    },
    order: { position: 'ASC', createdAt: 'ASC' },
    slugOf: (row) => (row as Page).publicSlug,
  },
  blogs: {
    entity: Blog,
    change: 'blog',
    area: 'blogs',
    uniques: { blogs_site_slug_key: 'slug', blogs_site_slug_ar_key: 'slugAr' },
    order: { createdAt: 'DESC' },
    slugOf: (row) => (row as Blog).slug,
  },
  faqs: {
    entity: Faq,
    change: 'faq',
    area: 'faqs',
    uniques: {},
    order: { category: 'ASC', position: 'ASC' },
  },
  menus: { entity: Menu, change: 'menu', area: 'menus', uniques: {}, order: { position: 'ASC' } },
  banners: {
    entity: Banner,
    change: 'banner',
    area: 'banners',
    uniques: {},
    order: { placement: 'ASC', position: 'ASC' },
  },
  communities: {
    entity: Community,
    change: 'community',
    area: 'communities',
    uniques: { communities_site_slug_key: 'slug', communities_site_slug_ar_key: 'slugAr' },
    order: { position: 'ASC' },
    slugOf: (row) => (row as Community).slug,
  },
};

/** A stored row as the admin console reads it: every field, dates as ISO strings. */
export function presentAdminItem(row: CmsItem): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}
