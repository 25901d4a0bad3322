import { useState } from 'react';
import { useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_STATUSES,
  type AdminPaymentView,
  type AdminPaymentsQuery,
  type PaymentStatus,
  type Site,
} from '@manzil/contracts';
import {
  ApiError,
  Button,
  EmptyState,
  ErrorFallback,
  Price,
  Skeleton,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';
import { COMMERCE_PAGE_SIZE, adminPaymentsQuery, commerceKeys, refundPayment } from './commerce-api.js';
import { SiteTime } from './site-time.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PURPOSES = ['subscription', 'upgrade', 'bid_fee', 'unit_booking'] as const;

function filtersOf(params: URLSearchParams): AdminPaymentsQuery {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  return {
    status: PAYMENT_STATUSES.find((value) => value === params.get('status')),
    purpose: PURPOSES.find((value) => value === params.get('purpose')),
    from: day('from'),
    to: day('to'),
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: COMMERCE_PAGE_SIZE,
  };
}

/** What a payment was for, in the page's language (a purpose this console does not know: as it is). */
function usePurpose() {
  const { t, intl } = useAdminText();
  return (purpose: string) =>
    intl.messages[`payments.purpose.${purpose}`] ? t(`payments.purpose.${purpose}`) : purpose;
}

function PaymentRow({ payment, site }: { payment: AdminPaymentView; site: Site }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  const purpose = usePurpose();
  const [open, setOpen] = useState(false);
  const refund = useMutation({
    mutationFn: () => refundPayment(payment.id, language),
    onSuccess: () => feedback.toast('success', t('payments.done.refunded')),
    onError: (error) =>
      feedback.toast('danger', error instanceof ApiError ? error.message : t('admin.error.action')),
    onSettled: () => refetchAfterWrite(client, commerceKeys.payments),
  });
  const askRefund = async () => {
    if (await feedback.confirm(t('payments.confirm.refund'))) refund.mutate();
  };
  return (
    <>
      <tr data-testid="payment-row" data-payment-id={payment.id}>
        <td>
          <SiteTime iso={payment.createdAt} site={site} />
        </td>
        <td>
          {purpose(payment.purpose)}
          {payment.plan ? <span className="ad-muted"> · {payment.plan.name}</span> : null}
        </td>
        <td>
          <Price amount={payment.amount} currency={payment.currency} />
        </td>
        <td>
          <span className={`ad-status ad-status--${payment.status}`} data-testid="payment-status">
            {t(`payments.status.${payment.status}`)}
          </span>
          {payment.refundDueAt ? (
            <div className="ad-muted" data-testid="payment-refund-due">
              {t('payments.refundDue')} <SiteTime iso={payment.refundDueAt} site={site} />
            </div>
          ) : null}
        </td>
        <td className="ad-table__actions">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
            data-testid="payment-history-toggle"
          >
            {t('payments.history')}
          </Button>
          {payment.status === 'paid' ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={refund.isPending}
              aria-busy={refund.isPending || undefined}
              onClick={() => void askRefund()}
              data-testid="payment-refund"
            >
              {t('payments.refund')}
            </Button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={5}>
            <ol className="ad-history" data-testid="payment-history">
              {payment.history.map((entry, i) => (
                <li key={`${entry.status}-${i}`}>
                  <span className={`ad-status ad-status--${entry.status}`}>
                    {t(`payments.status.${entry.status}`)}
                  </span>{' '}
                  <SiteTime iso={entry.at} site={site} />
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** `/admin/payments`: payments and orders of the site with their status history, filtered; manual refund. */
export function PaymentsPage({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const purpose = usePurpose();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useQuery({ ...adminPaymentsQuery(filters, language), placeholderData: keepPreviousData });
  const data = list.data;
  const go = (next: AdminPaymentsQuery) => {
    const entries = Object.entries({
      ...next,
      limit: undefined,
      page: next.page > 1 ? next.page : undefined,
    }).filter(([, value]) => value !== undefined);
    setParams(Object.fromEntries(entries.map(([key, value]) => [key, String(value)])));
  };
  const set = (patch: Partial<AdminPaymentsQuery>) => go({ ...filters, ...patch, page: 1 });
  const pages = data ? Math.max(1, Math.ceil(data.total / COMMERCE_PAGE_SIZE)) : 1;
  return (
    <section data-testid="admin-payments-page">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('payments.title')}</h1>
        <span className="ad-chip">{t(`moderation.site.${site}`)}</span>
      </div>
      <div
        className="ad-filters"
        role="group"
        aria-label={t('payments.filters')}
        data-testid="payments-filters"
      >
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('admin.column.status')}</span>
          <select
            className="mz-input"
            value={filters.status ?? ''}
            onChange={(event) =>
              set({ status: (event.target.value || undefined) as PaymentStatus | undefined })
            }
            data-testid="payments-filter-status"
          >
            <option value="">{t('payments.status.all')}</option>
            {PAYMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`payments.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('payments.column.purpose')}</span>
          <select
            className="mz-input"
            value={filters.purpose ?? ''}
            onChange={(event) => set({ purpose: event.target.value || undefined })}
            data-testid="payments-filter-purpose"
          >
            <option value="">{t('payments.purpose.all')}</option>
            {PURPOSES.map((value) => (
              <option key={value} value={value}>
                {purpose(value)}
              </option>
            ))}
          </select>
        </label>
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('payments.filter.from')}</span>
          <input
            className="mz-input"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(event) => set({ from: event.target.value || undefined })}
            data-testid="payments-filter-from"
          />
        </label>
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('payments.filter.to')}</span>
          <input
            className="mz-input"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(event) => set({ to: event.target.value || undefined })}
            data-testid="payments-filter-to"
          />
        </label>
      </div>
      {list.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {list.isError && !data ? <ErrorFallback onRetry={() => void list.refetch()} /> : null}
      {data ? (
        <p className="ad-count" aria-live="polite" data-testid="payments-count">
          {t('payments.count', { count: data.total })}
        </p>
      ) : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? (
        <div className="ad-table-wrap">
          <table className="ad-table" data-testid="payments-table">
            <caption className="mz-visually-hidden">{t('payments.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments.column.created')}</th>
                <th scope="col">{t('payments.column.purpose')}</th>
                <th scope="col">{t('payments.column.amount')}</th>
                <th scope="col">{t('admin.column.status')}</th>
                <th scope="col">{t('auctions.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} site={site} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={filters.page} pages={pages} onPage={(page) => go({ ...filters, page })} />
    </section>
  );
}
