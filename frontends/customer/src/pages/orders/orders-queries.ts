import { queryOptions } from '@tanstack/react-query';
import {
  UNIT_BOOKINGS_API,
  orderViewSchema,
  pageSchema,
  type Language,
  type OrderKind,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';

export const ORDERS_PAGE_SIZE = 10;

/** GET /api/payments/v1/orders: the customer's unit or property orders, newest first, a page at a time. */
export const ordersQuery = (kind: OrderKind, page: number, language: Language) =>
  queryOptions({
    queryKey: ['payments', 'orders', { kind, page, language }] as const,
    queryFn: apiQueryFn(`/api/payments${UNIT_BOOKINGS_API.orders}`, {
      language,
      query: { kind, page, limit: ORDERS_PAGE_SIZE },
      results: pageSchema(orderViewSchema),
    }),
  });
