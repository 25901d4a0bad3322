import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pageSchema,
  wishlistContainsSchema,
  wishlistEntrySchema,
  wishlistRemovedSchema,
  type Language,
  type WishlistEntry,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn } from '@manzil/ui';

export const WISHLIST_API = '/api/listings/v1/wishlist';
export const WISHLIST_PAGE_SIZE = 12;

export const wishlistKeys = {
  all: ['wishlist'] as const,
  saved: (id: string) => ['wishlist', 'saved', id] as const,
  page: (page: number) => ['wishlist', 'page', page] as const,
};

/**
 * The hearts of a page of cards ask together: every id asked in the same tick goes in one
 * `GET /wishlist/contains?ids=…` (at most 100), so a grid of 20 cards costs one request.
 */
let pending: { ids: Set<string>; language: Language; done: Promise<Set<string>> } | null = null;
function isSaved(id: string, language: Language): Promise<boolean> {
  if (!pending || pending.ids.size >= 100) {
    const batch = { ids: new Set<string>(), language } as NonNullable<typeof pending>;
    batch.done = new Promise((resolve, reject) =>
      setTimeout(() => {
        if (pending === batch) pending = null;
        apiFetch(`${WISHLIST_API}/contains`, {
          language: batch.language,
          query: { kind: 'property', ids: [...batch.ids].join(',') },
          results: wishlistContainsSchema,
        }).then((answer) => resolve(new Set(answer.results.saved)), reject);
      }, 0),
    );
    pending = batch;
  }
  pending.ids.add(id);
  return pending.done.then((saved) => saved.has(id));
}

/** Whether the customer saved this property (only asked for a customer). */
export const savedQuery = (id: string, language: Language) =>
  queryOptions({ queryKey: wishlistKeys.saved(id), queryFn: () => isSaved(id, language) });

export const wishlistPageQuery = (page: number, language: Language) =>
  queryOptions({
    queryKey: wishlistKeys.page(page),
    queryFn: apiQueryFn(WISHLIST_API, {
      language,
      query: { page, limit: WISHLIST_PAGE_SIZE },
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
    mutationFn: async ({ id, save }: { id: string; save: boolean }): Promise<void> => {
      if (save)
        await apiFetch(WISHLIST_API, {
          language,
          method: 'POST',
          body: { kind: 'property', id },
          results: wishlistEntrySchema,
        });
      else
        await apiFetch(`${WISHLIST_API}/property/${id}`, {
          language,
          method: 'DELETE',
          results: wishlistRemovedSchema,
        });
    },
    onMutate: async ({ id, save }): Promise<{ before: boolean | undefined }> => {
      await client.cancelQueries({ queryKey: wishlistKeys.saved(id) });
      const before = client.getQueryData<boolean>(wishlistKeys.saved(id));
      client.setQueryData(wishlistKeys.saved(id), save);
      return { before };
    },
    onError: (_error, { id }, context) => {
      client.setQueryData(wishlistKeys.saved(id), context?.before ?? false);
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['wishlist', 'page'] });
      await client.invalidateQueries({ queryKey: ['wishlist', 'profile'] });
    },
  });
}

export type { WishlistEntry };
