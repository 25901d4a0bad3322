import { z } from 'zod';
import {
  ADMIN_ITEM_SCHEMAS,
  CONTENT_API,
  pageSchema,
  type AdminItem,
  type CmsKind,
  type Language,
} from '@manzil/contracts';
import { apiFetch } from '@manzil/ui';

/** The content service's admin endpoints through the gateway (apiFetch adds the bearer token). */
export const contentUrl = (path: string) => `/api/content${path}`;

export async function listItems(kind: CmsKind, language: Language, page: number, limit = 20) {
  const envelope = await apiFetch(contentUrl(CONTENT_API.admin.list(kind)), {
    language,
    query: { page, limit },
    results: pageSchema(ADMIN_ITEM_SCHEMAS[kind] as z.ZodType<AdminItem<CmsKind>>),
  });
  return envelope.results;
}

export async function getItem(kind: CmsKind, id: string, language: Language) {
  const envelope = await apiFetch(contentUrl(CONTENT_API.admin.item(kind, id)), {
    language,
    results: z.record(z.string(), z.unknown()),
  });
  return envelope.results;
}

export async function saveItem(kind: CmsKind, id: string | null, body: unknown, language: Language) {
  const envelope = await apiFetch(
    contentUrl(id ? CONTENT_API.admin.item(kind, id) : CONTENT_API.admin.list(kind)),
    {
      language,
      method: id ? 'PUT' : 'POST',
      body,
      results: z.object({ id: z.string() }).passthrough(),
    },
  );
  return envelope.results;
}

export async function setPublished(kind: CmsKind, id: string, published: boolean, language: Language) {
  const path = published ? CONTENT_API.admin.publish(kind, id) : CONTENT_API.admin.unpublish(kind, id);
  await apiFetch(contentUrl(path), { language, method: 'POST' });
}

export async function deleteItem(kind: CmsKind, id: string, language: Language) {
  await apiFetch(contentUrl(CONTENT_API.admin.item(kind, id)), { language, method: 'DELETE' });
}
