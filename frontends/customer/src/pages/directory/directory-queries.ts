import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  DIRECTORY_API,
  pageSchema,
  publicAgentSchema,
  publicAgentSummarySchema,
  publicCompanySchema,
  publicCompanySummarySchema,
  SEARCH_API,
  searchResultPageSchema,
  type Language,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';

const IDENTITY = '/api/identity';
export const DIRECTORY_PAGE_SIZE = 12;
const nextPage = (last: { page: number; limit: number; total: number }) =>
  last.page * last.limit < last.total ? last.page + 1 : undefined;

export const directoryKeys = {
  agents: (q: string, language: Language) => ['directory', 'agents', { q, language }] as const,
  agent: (slug: string, language: Language) => ['directory', 'agent', { slug, language }] as const,
  companies: (q: string, language: Language) => ['directory', 'companies', { q, language }] as const,
  company: (slug: string, language: Language) => ['directory', 'company', { slug, language }] as const,
  companyAgents: (slug: string, language: Language) =>
    ['directory', 'company-agents', { slug, language }] as const,
  listings: (owner: 'agentId' | 'companyId', id: string, language: Language) =>
    ['directory', 'listings', { owner, id, language }] as const,
};

/** /find-real-estate-agent: the site's agents by name, page after page. */
export const agentsQuery = (q: string, language: Language) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.agents(q, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn(`${IDENTITY}${DIRECTORY_API.agents}`, {
        language,
        query: { q: q || undefined, page: pageParam, limit: DIRECTORY_PAGE_SIZE },
        results: pageSchema(publicAgentSummarySchema),
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** /findCompanies. */
export const companiesQuery = (q: string, language: Language) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.companies(q, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn(`${IDENTITY}${DIRECTORY_API.companies}`, {
        language,
        query: { q: q || undefined, page: pageParam, limit: DIRECTORY_PAGE_SIZE },
        results: pageSchema(publicCompanySummarySchema),
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export const agentQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: directoryKeys.agent(slug, language),
    queryFn: apiQueryFn(`${IDENTITY}${DIRECTORY_API.agent(slug)}`, { language, results: publicAgentSchema }),
    staleTime: 5 * 60_000,
  });

export const companyQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: directoryKeys.company(slug, language),
    queryFn: apiQueryFn(`${IDENTITY}${DIRECTORY_API.company(slug)}`, {
      language,
      results: publicCompanySchema,
    }),
    staleTime: 5 * 60_000,
  });

export const companyAgentsQuery = (slug: string, language: Language) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.companyAgents(slug, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn(`${IDENTITY}${DIRECTORY_API.companyAgents(slug)}`, {
        language,
        query: { page: pageParam, limit: DIRECTORY_PAGE_SIZE },
        results: pageSchema(publicAgentSummarySchema),
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 5 * 60_000,
  });

/** The live listings of an agent or a company, from the search read model. */
export const ownerListingsQuery = (owner: 'agentId' | 'companyId', id: string, language: Language) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.listings(owner, id, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn(`/api/search${SEARCH_API.properties}`, {
        language,
        query: { [owner]: id, page: pageParam, limit: DIRECTORY_PAGE_SIZE, facets: 'false' },
        results: searchResultPageSchema,
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 60_000,
  });
