import { queryOptions } from '@tanstack/react-query';
import { PAYMENTS_API, paymentViewSchema, type Language, type PaymentView } from '@manzil/contracts';
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
