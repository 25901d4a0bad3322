import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  LISTINGS_API,
  adminListingReportSchema,
  locationSchema,
  moderatedPropertySchema,
  ownedPropertySchema,
  pageSchema,
  APPROVAL_STATUSES,
  type Language,
  type PropertyTypeSlug,
  type ReportReason,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, refetchAfterWrite } from '@manzil/ui';

type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The listings service through the gateway (apiFetch adds the bearer token; the site is the Host's). */
export const listingsUrl = (path: string) => `/api/listings${path}`;

export const MODERATION_PAGE_SIZE = 20;

/** What the queue's filters hold (the URL's search parameters). */
export interface QueueFilters {
  status: ApprovalStatus;
  propertyType?: PropertyTypeSlug;
  submittedFrom?: string;
  submittedTo?: string;
  q?: string;
  page: number;
}

export const moderationKeys = {
  all: ['admin', 'moderation'] as const,
  queue: (filters: QueueFilters, language: Language) =>
    ['admin', 'moderation', 'queue', { ...filters, language }] as const,
  property: (id: string, language: Language) =>
    ['admin', 'moderation', 'property', { id, language }] as const,
  reports: (page: number, reason: ReportReason | undefined, language: Language) =>
    ['admin', 'moderation', 'reports', { page, reason, language }] as const,
};

export const queueQuery = (filters: QueueFilters, language: Language) =>
  queryOptions({
    queryKey: moderationKeys.queue(filters, language),
    queryFn: apiQueryFn(listingsUrl(LISTINGS_API.moderation), {
      language,
      query: { ...filters, limit: MODERATION_PAGE_SIZE },
      results: pageSchema(ownedPropertySchema),
    }),
  });

export const propertyQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: moderationKeys.property(id, language),
    queryFn: apiQueryFn(listingsUrl(`${LISTINGS_API.moderation}/${id}`), {
      language,
      results: moderatedPropertySchema,
    }),
  });

export const reportsQuery = (page: number, reason: ReportReason | undefined, language: Language) =>
  queryOptions({
    queryKey: moderationKeys.reports(page, reason, language),
    queryFn: apiQueryFn(listingsUrl(LISTINGS_API.adminReports), {
      language,
      query: { page, limit: MODERATION_PAGE_SIZE, reason },
      results: pageSchema(adminListingReportSchema),
    }),
  });

/** The places under `parentId` (the cities without it), to name a draft's location ids. */
export const placesQuery = (parentId: string | undefined, language: Language) =>
  queryOptions({
    queryKey: ['admin', 'locations', { parentId, language }] as const,
    queryFn: apiQueryFn(listingsUrl(LISTINGS_API.locations), {
      language,
      query: { parentId, limit: 100 },
      results: pageSchema(locationSchema),
    }),
    staleTime: Infinity,
  });

export async function approveProperty(id: string, language: Language) {
  await apiFetch(listingsUrl(`${LISTINGS_API.moderation}/${id}/approve`), { language, method: 'POST' });
}

export async function rejectProperty(id: string, body: unknown, language: Language) {
  await apiFetch(listingsUrl(`${LISTINGS_API.moderation}/${id}/reject`), { language, method: 'POST', body });
}

/** After a decision: every queue page, the property, the reports (they show its status). */
export function afterDecision(client: QueryClient) {
  return refetchAfterWrite(client, moderationKeys.all);
}
