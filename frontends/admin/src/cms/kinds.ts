import {
  BANNER_PLACEMENTS,
  FAQ_CATEGORIES,
  type AdminItem,
  type CmsKind,
  type Language,
} from '@manzil/contracts';

/** One input of an editor. Bilingual fields are `{ en, ar }` and show side by side. */
export type FieldSpec =
  | { name: string; type: 'text'; dir?: 'ltr' | 'rtl'; required?: boolean }
  | { name: string; type: 'number' }
  | { name: string; type: 'select'; options: readonly string[] }
  | { name: string; type: 'bilingual'; multiline?: boolean; markdown?: boolean; ltrBoth?: boolean };

/** The editor of each kind: its fields (in the order of the form) and a new item's values. */
export const KIND_FIELDS: Record<CmsKind, FieldSpec[]> = {
  pages: [
    { name: 'title', type: 'bilingual' },
    { name: 'slug', type: 'text', dir: 'ltr' },
    { name: 'publicSlug', type: 'text', dir: 'ltr' },
    { name: 'publicSlugAr', type: 'text', dir: 'rtl' },
    { name: 'body', type: 'bilingual', multiline: true, markdown: true },
    { name: 'position', type: 'number' },
  ],
  blogs: [
    { name: 'title', type: 'bilingual' },
    { name: 'slug', type: 'text', dir: 'ltr' },
    { name: 'slugAr', type: 'text', dir: 'rtl' },
    { name: 'excerpt', type: 'bilingual', multiline: true },
    { name: 'author', type: 'bilingual' },
    { name: 'coverImage', type: 'text', dir: 'ltr' },
    { name: 'body', type: 'bilingual', multiline: true, markdown: true },
  ],
  faqs: [
    { name: 'category', type: 'select', options: Object.keys(FAQ_CATEGORIES) },
    { name: 'question', type: 'bilingual' },
    { name: 'answer', type: 'bilingual', multiline: true, markdown: true },
    { name: 'position', type: 'number' },
  ],
  menus: [
    { name: 'name', type: 'bilingual' },
    { name: 'link', type: 'bilingual', ltrBoth: true },
    { name: 'menuSlug', type: 'text', dir: 'ltr' },
    { name: 'position', type: 'number' },
  ],
  banners: [
    { name: 'placement', type: 'select', options: BANNER_PLACEMENTS },
    { name: 'title', type: 'bilingual' },
    { name: 'subtitle', type: 'bilingual', multiline: true },
    { name: 'ctaLabel', type: 'bilingual' },
    { name: 'link', type: 'bilingual', ltrBoth: true },
    { name: 'imageUrl', type: 'text', dir: 'ltr' },
    { name: 'imageUrlAr', type: 'text', dir: 'ltr' },
    { name: 'position', type: 'number' },
  ],
  communities: [
    { name: 'name', type: 'bilingual' },
    { name: 'slug', type: 'text', dir: 'ltr' },
    { name: 'slugAr', type: 'text', dir: 'rtl' },
    { name: 'city', type: 'bilingual' },
    { name: 'citySlug', type: 'text', dir: 'ltr' },
    { name: 'summary', type: 'bilingual', multiline: true },
    { name: 'description', type: 'bilingual', multiline: true, markdown: true },
    { name: 'coverImage', type: 'text', dir: 'ltr' },
    { name: 'latitude', type: 'number' },
    { name: 'longitude', type: 'number' },
    { name: 'position', type: 'number' },
  ],
};

const both = () => ({ en: '', ar: '' });

/** A new item's starting values (the server fills what is optional). */
export function emptyItem(kind: CmsKind): Record<string, unknown> {
  const values: Record<string, unknown> = { published: false };
  for (const field of KIND_FIELDS[kind]) {
    if (field.type === 'bilingual') values[field.name] = both();
    else if (field.type === 'number') values[field.name] = 0;
    else if (field.type === 'select') values[field.name] = field.options[0];
    else values[field.name] = '';
  }
  if (kind === 'blogs') values.tags = [];
  if (kind === 'communities') values.highlights = [];
  if (kind === 'banners') values.link = { en: '', ar: '' };
  return values;
}

/** What an admin item is called in a list, in the console's language. */
export function itemTitle(kind: CmsKind, item: AdminItem<CmsKind>, language: Language): string {
  const record = item as unknown as Record<string, { en: string; ar: string } | undefined>;
  const field = {
    pages: 'title',
    blogs: 'title',
    faqs: 'question',
    menus: 'name',
    banners: 'title',
    communities: 'name',
  }[kind];
  const text = record[field];
  return text ? text[language] || text.en : '';
}

/** The stored item as the editor's values: the input fields only (ids and dates stay out). */
export function valuesOf(kind: CmsKind, item: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { ...emptyItem(kind) };
  for (const key of Object.keys(values)) if (key in item) values[key] = item[key] ?? values[key];
  for (const key of ['tags', 'highlights', 'publishedAt'])
    if (key in item && item[key] !== null) values[key] = item[key];
  values.published = item.published;
  if (kind === 'banners') {
    const link = (item.link ?? {}) as { en?: string | null; ar?: string | null };
    values.link = { en: link.en ?? '', ar: link.ar ?? '' };
    values.imageUrlAr = item.imageUrlAr ?? '';
  }
  return values;
}
