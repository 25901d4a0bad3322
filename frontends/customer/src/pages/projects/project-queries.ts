import { queryOptions } from '@tanstack/react-query';
import {
  pageSchema,
  projectDetailSchema,
  publicProjectSchema,
  type Language,
  type ProjectCompletion,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';

/** The search service's read model of projects, behind the gateway. */
export const PROJECTS_BASE = '/api/search/v1/projects';
export const PROJECTS_PAGE_SIZE = 12;

export const projectKeys = {
  all: ['projects'] as const,
  list: (language: Language, page: number, completion: ProjectCompletion | null) =>
    ['projects', 'list', { language, page, completion }] as const,
  detail: (slug: string, language: Language) => ['projects', 'detail', slug, language] as const,
};

/** GET /v1/projects: the site's published projects, newest first, a page at a time. */
export const projectsQuery = (language: Language, page: number, completion: ProjectCompletion | null) =>
  queryOptions({
    queryKey: projectKeys.list(language, page, completion),
    queryFn: apiQueryFn(PROJECTS_BASE, {
      language,
      query: { page, limit: PROJECTS_PAGE_SIZE, ...(completion ? { completion } : {}) },
      results: pageSchema(publicProjectSchema),
    }),
    staleTime: 60_000,
  });

/** GET /v1/projects/:slug: one project with its units. */
export const projectQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: projectKeys.detail(slug, language),
    queryFn: apiQueryFn(`${PROJECTS_BASE}/${encodeURIComponent(slug)}`, {
      language,
      results: projectDetailSchema,
    }),
    staleTime: 30_000,
  });
