import { queryOptions } from '@tanstack/react-query';
import {
  PAYMENTS_API,
  pageSchema,
  paymentViewSchema,
  planViewSchema,
  subscriptionViewSchema,
  type Language,
  type PaymentView,
  type UnitBookingPayment,
  UNIT_BOOKINGS_API,
  unitBookingPaymentSchema,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';

/** While the provider's word has not reached us, the result page asks again this often. */
export const PENDING_POLL_MS = 3_000;

/**
 * GET /api/payments/v1/payments/:id: the payer's own payment. Read again every few seconds
 * while it is Pending (the webhook, or the reconciliation job, settles it shortly).
 */
export const paymentQuery = (id: string, language: Language) =>
  queryOptions<PaymentView>({
    queryKey: ['payments', 'payment', id, language] as const,
    queryFn: apiQueryFn(`/api/payments${PAYMENTS_API.payment(id)}`, { language, results: paymentViewSchema }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
    retry: 1,
  });

const planPageSchema = pageSchema(planViewSchema);

/** GET /api/payments/v1/plans: every plan of the site (12: three tiers × four durations). */
export const plansQuery = (language: Language) =>
  queryOptions({
    queryKey: ['payments', 'plans', language] as const,
    queryFn: apiQueryFn(`/api/payments${PAYMENTS_API.plans}`, {
      language,
      query: { page: 1, limit: 100 },
      results: planPageSchema,
    }),
    staleTime: 10 * 60_000,
  });

/** GET /api/payments/v1/subscriptions/active: the plan in force for the signed-in holder, or null. */
export const activeSubscriptionQuery = (language: Language) =>
  queryOptions({
    queryKey: ['payments', 'active-subscription', language] as const,
    queryFn: apiQueryFn(`/api/payments${PAYMENTS_API.activeSubscription}`, {
      language,
      results: subscriptionViewSchema.nullable(),
    }),
  });

/** GET /api/payments/v1/unit-bookings/:bookingId: a unit booking's payment, read again while Pending. */
export const unitBookingPaymentQuery = (bookingId: string, language: Language) =>
  queryOptions<UnitBookingPayment>({
    queryKey: ['payments', 'unit-booking', bookingId, language] as const,
    queryFn: apiQueryFn(`/api/payments${UNIT_BOOKINGS_API.payment(bookingId)}`, {
      language,
      results: unitBookingPaymentSchema,
    }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
    retry: 1,
  });
