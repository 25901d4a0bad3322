import { queryOptions } from '@tanstack/react-query';
import {
  ADMIN_CONSOLE_API,
  AUCTIONS_API,
  adminAuctionPageSchema,
  adminPaymentPageSchema,
  adminPlanPageSchema,
  auctionablePropertyPageSchema,
  planChangePageSchema,
  type AdminAuctionsQuery,
  type AdminPaymentsQuery,
  type Language,
  type Site,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn } from '@manzil/ui';

/** Auctions and payments through the gateway (apiFetch adds the bearer token; the site is the Host's). */
const auctionsUrl = (path: string) => `/api/auctions${path}`;
const paymentsUrl = (path: string) => `/api/payments${path}`;

export const COMMERCE_PAGE_SIZE = 20;

/**
 * The offset of each site's clock (neither observes daylight saving): the times an admin types
 * are the site's (Dubai, Riyadh), whatever the computer's own zone.
 */
export const SITE_UTC_OFFSET: Record<Site, string> = { ae: '+04:00', sa: '+03:00' };

/** `2026-12-01T18:00` typed for the site → an ISO instant; '' stays '' (the schema says required). */
export function siteInstant(local: string, site: Site): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return local;
  return new Date(`${local}:00${SITE_UTC_OFFSET[site]}`).toISOString();
}

/** An instant → what a datetime-local input shows for the site. */
export function siteLocal(iso: string, site: Site): string {
  const [sign, hh, mm] = [
    SITE_UTC_OFFSET[site][0],
    SITE_UTC_OFFSET[site].slice(1, 3),
    SITE_UTC_OFFSET[site].slice(4),
  ];
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000;
  return new Date(Date.parse(iso) + offsetMs).toISOString().slice(0, 16);
}

export const commerceKeys = {
  auctions: ['admin', 'auctions'] as const,
  plans: ['admin', 'plans'] as const,
  payments: ['admin', 'payments'] as const,
};

export const adminAuctionsQuery = (filters: AdminAuctionsQuery, language: Language) =>
  queryOptions({
    queryKey: [...commerceKeys.auctions, 'list', { ...filters, language }] as const,
    queryFn: apiQueryFn(auctionsUrl(ADMIN_CONSOLE_API.auctions), {
      language,
      query: { ...filters },
      results: adminAuctionPageSchema,
    }),
  });

export const auctionablePropertiesQuery = (q: string, page: number, language: Language) =>
  queryOptions({
    queryKey: [...commerceKeys.auctions, 'properties', { q, page, language }] as const,
    queryFn: apiQueryFn(auctionsUrl(ADMIN_CONSOLE_API.auctionableProperties), {
      language,
      query: { q: q || undefined, page, limit: COMMERCE_PAGE_SIZE },
      results: auctionablePropertyPageSchema,
    }),
  });

export const createAuction = (body: unknown, language: Language) =>
  apiFetch(auctionsUrl(AUCTIONS_API.create), { language, method: 'POST', body });

export const rescheduleAuction = (id: string, body: unknown, language: Language) =>
  apiFetch(auctionsUrl(ADMIN_CONSOLE_API.reschedule(id)), { language, method: 'POST', body });

export const cancelAuction = (id: string, language: Language) =>
  apiFetch(auctionsUrl(ADMIN_CONSOLE_API.cancel(id)), { language, method: 'POST', body: {} });

export const adminPlansQuery = (page: number, language: Language) =>
  queryOptions({
    queryKey: [...commerceKeys.plans, 'list', { page, language }] as const,
    queryFn: apiQueryFn(paymentsUrl(ADMIN_CONSOLE_API.plans), {
      language,
      query: { page, limit: COMMERCE_PAGE_SIZE },
      results: adminPlanPageSchema,
    }),
  });

export const planChangesQuery = (page: number, language: Language) =>
  queryOptions({
    queryKey: [...commerceKeys.plans, 'changes', { page, language }] as const,
    queryFn: apiQueryFn(paymentsUrl(ADMIN_CONSOLE_API.planChanges), {
      language,
      query: { page, limit: COMMERCE_PAGE_SIZE },
      results: planChangePageSchema,
    }),
  });

export const updatePlan = (id: string, body: unknown, language: Language) =>
  apiFetch(paymentsUrl(ADMIN_CONSOLE_API.plan(id)), { language, method: 'PATCH', body });

export const adminPaymentsQuery = (filters: AdminPaymentsQuery, language: Language) =>
  queryOptions({
    queryKey: [...commerceKeys.payments, 'list', { ...filters, language }] as const,
    queryFn: apiQueryFn(paymentsUrl(ADMIN_CONSOLE_API.payments), {
      language,
      query: { ...filters },
      results: adminPaymentPageSchema,
    }),
  });

export const refundPayment = (id: string, language: Language) =>
  apiFetch(paymentsUrl(ADMIN_CONSOLE_API.refund(id)), { language, method: 'POST', body: {} });
