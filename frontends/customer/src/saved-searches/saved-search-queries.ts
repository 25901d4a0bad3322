import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SAVED_SEARCH_API,
  savedSearchesPageSchema,
  savedSearchRemovedSchema,
  savedSearchSchema,
  type CreateSavedSearchRequest,
  type Language,
  type UpdateSavedSearchRequest,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, refetchAfterWrite } from '@manzil/ui';

export const SAVED_SEARCHES_URL = `/api/search${SAVED_SEARCH_API.list}`;
export const SAVED_SEARCHES_PAGE_SIZE = 10;

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  page: (page: number) => ['saved-searches', 'page', page] as const,
};

export const savedSearchesPageQuery = (page: number, language: Language) =>
  queryOptions({
    queryKey: savedSearchKeys.page(page),
    queryFn: apiQueryFn(SAVED_SEARCHES_URL, {
      language,
      query: { page, limit: SAVED_SEARCHES_PAGE_SIZE },
      results: savedSearchesPageSchema,
    }),
  });

/** Save, change or delete; the list is read again afterwards. */
export function useSavedSearchMutations(language: Language) {
  const client = useQueryClient();
  const onSettled = () => refetchAfterWrite(client, savedSearchKeys.all);
  const create = useMutation({
    mutationFn: (body: CreateSavedSearchRequest) =>
      apiFetch(SAVED_SEARCHES_URL, { language, method: 'POST', body, results: savedSearchSchema }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: UpdateSavedSearchRequest & { id: string }) =>
      apiFetch(`/api/search${SAVED_SEARCH_API.one(id)}`, {
        language,
        method: 'PATCH',
        body,
        results: savedSearchSchema,
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/search${SAVED_SEARCH_API.one(id)}`, {
        language,
        method: 'DELETE',
        results: savedSearchRemovedSchema,
      }),
    onSettled,
  });
  return { create, update, remove };
}
