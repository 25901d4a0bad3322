import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pageSchema,
  wishlistContainsSchema,
  wishlistEntrySchema,
  wishlistRemovedSchema,
  type Language,
  type WishlistEntry,
  type WishlistItemKind,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, refetchAfterWrite } from '@manzil/ui';

export const WISHLIST_API = '/api/listings/v1/wishlist';
export const WISHLIST_PAGE_SIZE = 12;

export const wishlistKeys = {
  all: ['wishlist'] as const,
  saved: (kind: WishlistItemKind, id: string) => ['wishlist', 'saved', kind, id] as const,
  page: (page: number, kind: WishlistItemKind | null) => ['wishlist', 'page', kind ?? 'all', page] as const,
};

/**
 * The hearts of a page of cards ask together: every id of one kind asked in the same tick goes
 * in one `GET /wishlist/contains?kind=…&ids=…` (at most 100), so a grid of 20 cards, or a
 * project's table of units, costs one request.
 */
type Batch = { ids: Set<string>; language: Language; done: Promise<Set<string>> };
const pending = new Map<WishlistItemKind, Batch>();
function isSaved(kind: WishlistItemKind, id: string, language: Language): Promise<boolean> {
  let batch = pending.get(kind);
  if (!batch || batch.ids.size >= 100) {
    const next = { ids: new Set<string>(), language } as Batch;
    next.done = new Promise((resolve, reject) =>
      setTimeout(() => {
        if (pending.get(kind) === next) pending.delete(kind);
        apiFetch(`${WISHLIST_API}/contains`, {
          language: next.language,
          query: { kind, ids: [...next.ids].join(',') },
          results: wishlistContainsSchema,
        }).then((answer) => resolve(new Set(answer.results.saved)), reject);
      }, 0),
    );
    pending.set(kind, next);
    batch = next;
  }
  batch.ids.add(id);
  return batch.done.then((saved) => saved.has(id));
}

/** Whether the customer saved this property, project or unit (only asked for a customer). */
export const savedQuery = (kind: WishlistItemKind, id: string, language: Language) =>
  queryOptions({ queryKey: wishlistKeys.saved(kind, id), queryFn: () => isSaved(kind, id, language) });

/** A page of the wishlist: every kind, or one (the page's tabs). */
export const wishlistPageQuery = (page: number, language: Language, kind: WishlistItemKind | null = null) =>
  queryOptions({
    queryKey: wishlistKeys.page(page, kind),
    queryFn: apiQueryFn(WISHLIST_API, {
      language,
      query: { page, limit: WISHLIST_PAGE_SIZE, ...(kind ? { kind } : {}) },
      results: pageSchema(wishlistEntrySchema),
    }),
  });

/**
 * Save or unsave, optimistically: the heart changes at once and goes back if the server
 * refuses; the wishlist pages are read again afterwards.
 */
export function useToggleSaved(language: Language) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id, save }: { kind: WishlistItemKind; id: string; save: boolean }) => {
      if (save)
        await apiFetch(WISHLIST_API, {
          language,
          method: 'POST',
          body: { kind, id },
          results: wishlistEntrySchema,
        });
      else
        await apiFetch(`${WISHLIST_API}/${kind}/${id}`, {
          language,
          method: 'DELETE',
          results: wishlistRemovedSchema,
        });
    },
    onMutate: async ({ kind, id, save }): Promise<{ before: boolean | undefined }> => {
      await client.cancelQueries({ queryKey: wishlistKeys.saved(kind, id) });
      const before = client.getQueryData<boolean>(wishlistKeys.saved(kind, id));
      client.setQueryData(wishlistKeys.saved(kind, id), save);
      return { before };
    },
    onError: (_error, { kind, id }, context) => {
      client.setQueryData(wishlistKeys.saved(kind, id), context?.before ?? false);
    },
    onSettled: async () => {
      await refetchAfterWrite(client, ['wishlist', 'page']);
      await refetchAfterWrite(client, ['wishlist', 'profile']);
    },
  });
}

export type { WishlistEntry };
