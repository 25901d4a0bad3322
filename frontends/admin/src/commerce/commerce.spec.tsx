import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminPaymentView, AuctionableProperty } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { propertySummary } from '@manzil/ui/test/fixtures';
import { WithQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { AuctionsPage } from './auctions-page.js';
import { PaymentsPage } from './payments-page.js';
import { siteInstant, siteLocal } from './commerce-api.js';

const PROPERTY_ID = '0195f3a0-0000-7000-8000-000000000101';
const PAYMENT_ID = '0195f3a0-0000-7000-8000-000000000201';
const at = '2026-03-01T10:00:00.000Z';

const property: AuctionableProperty = {
  ...propertySummary({
    id: PROPERTY_ID,
    site: 'sa',
    slug: 'riyadh-villa',
    title: { en: 'Riyadh villa', ar: 'فيلا في الرياض' },
    kind: 'villa',
    price: 2_000_000,
    currency: 'SAR',
    city: { en: 'Riyadh', ar: 'الرياض' },
    community: { en: 'Al Malqa', ar: 'الملقا' },
  }),
  openAuctionId: null,
};

const paid: AdminPaymentView = {
  id: PAYMENT_ID,
  accountId: '0195f3a0-0000-7000-8000-000000000301',
  purpose: 'subscription',
  status: 'paid',
  amount: 1422,
  currency: 'SAR',
  plan: null,
  subscriptionId: null,
  createdAt: at,
  paidAt: at,
  refundedAt: null,
  refundDueAt: null,
  history: [
    { status: 'pending', at },
    { status: 'paid', at },
  ],
};

const answer = (status: number, results: unknown, message = '') =>
  ({
    status,
    ok: status < 400,
    statusText: '',
    json: async () => ({ status, success: status < 400, message, results }),
  }) as Response;

/** Auctions and payments as the console sees them; a refund turns the payment Refunded. */
function fakeServices(first: AdminPaymentView = paid) {
  let payment = first;
  return jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://sa.localhost');
    if (url.pathname === '/api/auctions/v1/admin/auctionable-properties')
      return answer(200, { items: [property], page: 1, limit: 20, total: 1 });
    if (url.pathname === '/api/auctions/v1/admin/auctions' && init?.method === 'POST')
      return answer(
        422,
        { fields: [{ field: 'propertyId', message: 'يرجى اختيار عقار مقبول على هذا الموقع.' }] },
        'x',
      );
    if (url.pathname === '/api/auctions/v1/admin/auctions')
      return answer(200, { items: [], page: 1, limit: 20, total: 0 });
    if (url.pathname === `/api/payments/v1/admin/payments/${PAYMENT_ID}/refund`) {
      payment = { ...payment, status: 'refunded', history: [...payment.history, { status: 'refunded', at }] };
      return answer(200, payment);
    }
    if (url.pathname === '/api/payments/v1/admin/payments')
      return answer(200, { items: [payment], page: 1, limit: 20, total: 1 });
    return answer(404, null, 'No Record Found');
  });
}

function renderAt(path: string, language: 'en' | 'ar') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'en' ? en : ar} site="sa">
          <FeedbackProvider language={language}>
            <Routes>
              <Route path="/admin/auctions" element={<AuctionsPage site="sa" />} />
              <Route path="/admin/payments" element={<PaymentsPage site="sa" />} />
            </Routes>
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

describe('admin commerce screens', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('reads the times typed as the site’s clock (Riyadh +03:00) and shows them back the same', () => {
    expect(siteInstant('2030-01-01T18:00', 'sa')).toBe('2030-01-01T15:00:00.000Z');
    expect(siteInstant('2030-01-01T18:00', 'ae')).toBe('2030-01-01T14:00:00.000Z');
    expect(siteLocal('2030-01-01T15:00:00.000Z', 'sa')).toBe('2030-01-01T18:00');
    expect(siteInstant('', 'sa')).toBe('');
  });

  it('the new auction form says what is missing in Arabic and sends nothing, then shows the server’s field error', async () => {
    const fetchMock = fakeServices();
    globalThis.fetch = fetchMock;
    renderAt('/admin/auctions', 'ar');
    fireEvent.click(await screen.findByTestId('auction-new'));
    const form = screen.getByTestId('auction-create-form');
    await act(async () => {
      fireEvent.click(within(form).getByTestId('auction-create'));
    });
    expect(within(form).getByTestId('auction-property-error').textContent).toBe('هذا الحقل مطلوب.');
    expect(within(form).getByTestId('auction-price-box-error').textContent).toBe('هذا الحقل مطلوب.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const select = await within(form).findByTestId('auction-property-select');
    await waitFor(() => expect(select.querySelectorAll(`option[value="${PROPERTY_ID}"]`)).toHaveLength(1));
    fireEvent.change(select, { target: { value: PROPERTY_ID } });
    fireEvent.change(within(form).getByTestId('auction-starts'), { target: { value: '2030-01-01T18:00' } });
    fireEvent.change(within(form).getByTestId('auction-ends'), { target: { value: '2030-01-03T18:00' } });
    fireEvent.change(within(form).getByTestId('auction-price'), { target: { value: '١٢٠٠٠٠٠' } });
    await act(async () => {
      fireEvent.click(within(form).getByTestId('auction-create'));
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      propertyId: PROPERTY_ID,
      startsAt: '2030-01-01T15:00:00.000Z',
      endsAt: '2030-01-03T15:00:00.000Z',
      startingPrice: 1_200_000,
    });
    expect(await within(form).findByText('يرجى اختيار عقار مقبول على هذا الموقع.')).toBeTruthy();
  });

  it('refunds a paid payment after confirming, and shows its history', async () => {
    const fetchMock = fakeServices();
    globalThis.fetch = fetchMock;
    renderAt('/admin/payments', 'en');
    const row = await screen.findByTestId('payment-row');
    expect(within(row).getByTestId('payment-status').textContent).toBe('Paid');
    fireEvent.click(within(row).getByTestId('payment-refund'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
    await waitFor(() =>
      expect(within(screen.getByTestId('payment-row')).getByTestId('payment-status').textContent).toBe(
        'Refunded',
      ),
    );
    expect(within(screen.getByTestId('payment-row')).queryByTestId('payment-refund')).toBeNull();
    fireEvent.click(within(screen.getByTestId('payment-row')).getByTestId('payment-history-toggle'));
    expect(within(screen.getByTestId('payment-history')).getAllByText(/Pending|Paid|Refunded/)).toHaveLength(
      3,
    );
  });

  it('shows since when a unit booking’s refund is due, on the site’s clock, in Arabic', async () => {
    globalThis.fetch = fakeServices({
      ...paid,
      purpose: 'unit_booking',
      refundDueAt: '2026-03-02T09:30:00.000Z',
    });
    renderAt('/admin/payments', 'ar');
    const row = await screen.findByTestId('payment-row');
    const due = within(row).getByTestId('payment-refund-due');
    expect(due.textContent).toContain('مستحق الاسترداد منذ');
    // Riyadh's clock: 12:30 on 2 March.
    expect(due.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-02T09:30:00.000Z');
    expect(due.querySelector('time')?.textContent).toContain('12:30');
  });

  it('shows no refund due for a payment nobody asked to refund', async () => {
    globalThis.fetch = fakeServices();
    renderAt('/admin/payments', 'en');
    const row = await screen.findByTestId('payment-row');
    expect(within(row).queryByTestId('payment-refund-due')).toBeNull();
  });
});
