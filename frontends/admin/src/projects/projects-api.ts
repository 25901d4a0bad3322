import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PROJECTS_API,
  ownedProjectSchema,
  pageSchema,
  type Language,
  type OwnedProjectListQuery,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, refetchAfterWrite } from '@manzil/ui';
import { listingsUrl } from '../moderation/moderation-api.js';

export const PROJECTS_PAGE_SIZE = 20;

/** What the list's filters hold (the URL's search parameters); the site is the console's own. */
export type ProjectFilters = Pick<OwnedProjectListQuery, 'status' | 'completion' | 'page'>;

export const projectKeys = {
  all: ['admin', 'projects'] as const,
  list: (filters: ProjectFilters, language: Language) =>
    ['admin', 'projects', 'list', { ...filters, language }] as const,
  project: (id: string, language: Language) => ['admin', 'projects', 'project', { id, language }] as const,
};

/** The site's projects, drafts and published (listings' owner list answers admins with the whole site). */
export const projectsQuery = (filters: ProjectFilters, language: Language) =>
  queryOptions({
    queryKey: projectKeys.list(filters, language),
    queryFn: apiQueryFn(listingsUrl(PROJECTS_API.owner), {
      language,
      query: { ...filters, limit: PROJECTS_PAGE_SIZE },
      results: pageSchema(ownedProjectSchema),
    }),
  });

export const projectQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: projectKeys.project(id, language),
    queryFn: apiQueryFn(listingsUrl(`${PROJECTS_API.owner}/${id}`), {
      language,
      results: ownedProjectSchema,
    }),
  });

export async function unpublishProject(id: string, language: Language) {
  await apiFetch(listingsUrl(PROJECTS_API.unpublish(id)), { language, method: 'POST' });
}

export function afterProjectChange(client: QueryClient) {
  return refetchAfterWrite(client, projectKeys.all);
}
