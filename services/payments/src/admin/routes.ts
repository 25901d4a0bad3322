import {
  adminIdParamsSchema,
  adminPaymentPageSchema,
  adminPaymentsQuerySchema,
  adminPaymentViewSchema,
  adminPlanPageSchema,
  adminPlanViewSchema,
  paginationQuerySchema,
  planChangePageSchema,
  refundPaymentBodySchema,
  updatePlanBodySchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The admin console's plan and payment endpoints (OpenAPI), from the schemas the controller validates with. */
export const PAYMENTS_CONSOLE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/admin/plans',
    summary: "The site's plans with both names, fees and quotas (admin)",
    query: paginationQuerySchema,
    results: adminPlanPageSchema,
    roles: ['admin'],
  },
  {
    method: 'patch',
    path: '/v1/admin/plans/:id',
    summary: 'Changes names, fees (site currency) or quotas of a plan of the site; audited',
    params: adminIdParamsSchema,
    body: updatePlanBodySchema,
    results: adminPlanViewSchema,
    roles: ['admin'],
  },
  {
    method: 'get',
    path: '/v1/admin/plan-changes',
    summary: 'The audit of plan changes on the site, newest first',
    query: paginationQuerySchema,
    results: planChangePageSchema,
    roles: ['admin'],
  },
  {
    method: 'get',
    path: '/v1/admin/payments',
    summary:
      'Payments of the site, newest first, by status/purpose/account/day, each with its status history',
    query: adminPaymentsQuerySchema,
    results: adminPaymentPageSchema,
    roles: ['admin'],
  },
  {
    method: 'post',
    path: '/v1/admin/payments/:id/refund',
    summary:
      'Refunds a Paid payment in full through Stripe (idempotent); Refunded, subscription revoked, payments.payment.refunded',
    params: adminIdParamsSchema,
    body: refundPaymentBodySchema,
    results: adminPaymentViewSchema,
    roles: ['admin'],
  },
];
