import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ADMIN_ITEM_SCHEMAS,
  CONTENT_API,
  adminInfoAdminSchema,
  complaintMessageSchema,
  contactMessageSchema,
  pageSchema,
  type AdminItem,
  type CmsKind,
  type Language,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, contentKeys, refetchAfterWrite } from '@manzil/ui';

/** The content service's admin endpoints through the gateway (apiFetch adds the bearer token). */
export const contentUrl = (path: string) => `/api/content${path}`;

export type MessageBox = 'contact' | 'complaints';
export const messageSchema = z.union([complaintMessageSchema, contactMessageSchema]);
export type Message = z.infer<typeof messageSchema>;

/** The console's reads: CMS items by kind, the admin info, the message boxes. */
export const adminKeys = {
  all: ['admin'] as const,
  kind: (kind: CmsKind) => ['admin', 'content', kind] as const,
  list: (kind: CmsKind, language: Language, page: number) =>
    ['admin', 'content', kind, 'list', { language, page }] as const,
  item: (kind: CmsKind, id: string, language: Language) =>
    ['admin', 'content', kind, 'item', { id, language }] as const,
  adminInfo: (language: Language) => ['admin', 'admin-info', language] as const,
  messages: (box: MessageBox) => ['admin', 'messages', box] as const,
  messagePage: (box: MessageBox, language: Language, page: number, status: string) =>
    ['admin', 'messages', box, { language, page, status }] as const,
};

export const ADMIN_PAGE_SIZE = 20;

export const itemsQuery = (kind: CmsKind, language: Language, page: number) =>
  queryOptions({
    queryKey: adminKeys.list(kind, language, page),
    queryFn: apiQueryFn(contentUrl(CONTENT_API.admin.list(kind)), {
      language,
      query: { page, limit: ADMIN_PAGE_SIZE },
      results: pageSchema(ADMIN_ITEM_SCHEMAS[kind] as z.ZodType<AdminItem<CmsKind>>),
    }),
  });

export const itemQuery = (kind: CmsKind, id: string, language: Language) =>
  queryOptions({
    queryKey: adminKeys.item(kind, id, language),
    queryFn: apiQueryFn(contentUrl(CONTENT_API.admin.item(kind, id)), {
      language,
      results: z.record(z.string(), z.unknown()),
    }),
  });

export const adminInfoQuery = (language: Language) =>
  queryOptions({
    queryKey: adminKeys.adminInfo(language),
    queryFn: apiQueryFn(contentUrl(CONTENT_API.admin.adminInfo), { language, results: adminInfoAdminSchema }),
  });

export const messagesQuery = (box: MessageBox, language: Language, page: number, status: string) =>
  queryOptions({
    queryKey: adminKeys.messagePage(box, language, page, status),
    queryFn: apiQueryFn(
      contentUrl(box === 'contact' ? CONTENT_API.admin.contactMessages : CONTENT_API.admin.complaints),
      {
        language,
        query: { page, limit: ADMIN_PAGE_SIZE, status: status || undefined },
        results: pageSchema(messageSchema),
      },
    ),
  });

/**
 * After a change to a kind's items: the console's lists of that kind, and the public pages'
 * reads (a page unpublished here is gone from the site at the next visit).
 */
export function afterContentChange(client: QueryClient, kind: CmsKind) {
  void refetchAfterWrite(client, adminKeys.kind(kind));
  void refetchAfterWrite(client, contentKeys.all);
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
