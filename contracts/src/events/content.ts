import { z } from 'zod';
import { propertyTypeSlugSchema } from '../listings.js';
import { siteSchema } from '../site.js';
import { TOPICS } from './topics.js';

/**
 * content.config.changed v1: an admin changed a site's configuration (currency, area unit,
 * property type status). Topic `content.config`, key = the site. Carries the whole new
 * state, not a diff, so a consumer can apply the latest event and forget the rest.
 */
export const contentConfigChangedV1 = {
  type: 'content.config.changed',
  version: 1,
  payload: z.object({
    site: siteSchema,
    currency: z.enum(['AED', 'SAR']),
    areaUnit: z.enum(['sqft', 'sqm']),
    propertyTypes: z.array(
      z.object({ slug: propertyTypeSlugSchema, status: z.enum(['active', 'inactive']) }),
    ),
  }),
} as const;

/**
 * Topics of the content service besides `TOPICS.contentConfig`, as the service names them.
 * Declared in the one list (`TOPICS` of ./topics.ts), like every topic.
 */
export const CONTENT_TOPICS = {
  cms: TOPICS.contentCms,
} as const;

/** What a `content.changed` event is about. */
export const CONTENT_CHANGE_KINDS = [
  'page',
  'blog',
  'faq',
  'menu',
  'banner',
  'community',
  'admin-info',
  'contact-message',
  'complaint',
  'feedback',
] as const;
export const CONTENT_CHANGE_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'published',
  'unpublished',
  'answered',
] as const;

/**
 * content.changed v1: something of a site's content changed. Topic `content.cms`, key =
 * `<kind>:<id>` (admin info: `admin-info:<site>`), so the order holds per item. Carries what
 * a cache or a notifier needs to react, not the item: read it from the content API.
 * `slug` is the public slug when the item has one (pages: publicSlug, blogs/communities: slug).
 */
export const contentChangedV1 = {
  type: 'content.changed',
  version: 1,
  payload: z.object({
    site: siteSchema,
    kind: z.enum(CONTENT_CHANGE_KINDS),
    id: z.string().min(1),
    action: z.enum(CONTENT_CHANGE_ACTIONS),
    slug: z.string().optional(),
  }),
} as const;
