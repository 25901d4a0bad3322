import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ReactElement } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  ERROR_MESSAGES,
  type Language,
  type OrderView,
  type ProjectDetail,
  type Site,
  type UnitBooking,
  type UnitBookingPayment,
} from '@manzil/contracts';
import { TOKEN_KEY } from '@manzil/ui';
import { publicProject } from '@manzil/ui/test/fixtures';
import { MyOrdersPage } from '../orders/my-orders-page.js';
import { PaymentSuccessPage } from '../payments/payment-result-pages.js';
import { checkoutNavigation } from '../payments/wait-for-checkout.js';
import { ProjectPage } from './project-page.js';
import { renderRoutes } from '../../test-harness.js';

const PROJECT_ID = '0193a000-0000-7000-8000-000000000801';
const UNIT_ID = '0193a000-0000-7000-8000-000000080000';
const BOOKING_ID = '0193a000-0000-7000-8000-0000000008b1';
const PAYMENT_ID = '0193a000-0000-7000-8000-0000000008c1';
const CHECKOUT = 'http://127.0.0.1:4010/checkout/cs_test_unit';

const project: ProjectDetail = {
  ...publicProject({
    id: PROJECT_ID,
    site: 'sa',
    slug: 'al-malqa-residences',
    title: { en: 'Al Malqa Residences', ar: 'مساكن الملقا' },
    description: { en: 'Family homes', ar: 'منازل عائلية' },
    developer: 'Roshn',
    city: { id: 'sa.riyadh', name: { en: 'Riyadh', ar: 'الرياض' } },
    totalArea: 25_000,
    areaUnit: 'sqm',
    totalUnits: 2,
    availableUnits: 1,
    startingPrice: 900_000,
    currency: 'SAR',
  }),
  units: [
    {
      id: UNIT_ID,
      projectId: PROJECT_ID,
      layout: 'apartment',
      bedrooms: 2,
      area: 140,
      price: 1_500_000,
      floorPlanUrl: null,
      reference: 'B-204',
      status: 'available',
    },
    {
      id: '0193a000-0000-7000-8000-000000080001',
      projectId: PROJECT_ID,
      layout: 'villa',
      bedrooms: 4,
      area: 400,
      price: 3_000_000,
      floorPlanUrl: null,
      reference: 'V-1',
      status: 'sold',
    },
  ],
};

const booking: UnitBooking = {
  id: BOOKING_ID,
  unitId: UNIT_ID,
  projectId: PROJECT_ID,
  status: 'held',
  amount: 150_000,
  currency: 'SAR',
  holdExpiresAt: new Date(Date.now() + 1_800_000).toISOString(),
};

const payment = (status: UnitBookingPayment['status']): UnitBookingPayment => ({
  paymentId: PAYMENT_ID,
  bookingId: BOOKING_ID,
  unitId: UNIT_ID,
  projectId: PROJECT_ID,
  status,
  amount: 150_000,
  currency: 'SAR',
  checkoutUrl: status === 'pending' ? CHECKOUT : null,
  createdAt: new Date().toISOString(),
  paidAt: status === 'paid' ? new Date().toISOString() : null,
});

const order: OrderView = {
  id: PAYMENT_ID,
  kind: 'unit',
  title: 'مساكن الملقا · شقة B-204',
  projectSlug: 'al-malqa-residences',
  status: 'paid',
  amount: 150_000,
  currency: 'SAR',
  createdAt: '2026-11-28T10:00:00.000Z',
  paidAt: '2026-11-28T10:05:00.000Z',
  history: [
    { status: 'pending', at: '2026-11-28T10:00:00.000Z' },
    { status: 'paid', at: '2026-11-28T10:05:00.000Z' },
  ],
};

const answer = (status: number, results: unknown, message = 'OK') =>
  ({
    status,
    ok: status < 400,
    statusText: '',
    json: async () => ({ status, success: status < 400, message, results }),
  }) as Response;

/** Search, listings and payments at the fetch boundary: the booking's payment is "not there yet" at first. */
function services({ resident = true, language = 'en' as Language } = {}) {
  let paymentReads = 0;
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://sa.localhost');
    if (init?.method === 'POST' && url.pathname === `/api/listings/v1/units/${UNIT_ID}/bookings`)
      return resident
        ? answer(201, booking)
        : answer(422, null, ERROR_MESSAGES.BOOKING_RESIDENTS_ONLY[language]);
    if (url.pathname === `/api/search/v1/projects/${project.slug}`) return answer(200, project);
    if (url.pathname === `/api/payments/v1/unit-bookings/${BOOKING_ID}`)
      return (paymentReads += 1) === 1
        ? answer(404, null, 'No Record Found')
        : answer(200, payment('pending'));
    if (url.pathname === '/api/payments/v1/orders')
      return answer(200, { items: [order], page: 1, limit: 10, total: 1 });
    return answer(404, null, 'No Record Found');
  });
  globalThis.fetch = mock;
  return mock;
}

function signIn(role: 'user' | 'agent' = 'user') {
  const payload = Buffer.from(JSON.stringify({ role, firstName: 'Noura', site: 'sa' })).toString('base64url');
  localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
}

function renderAt(language: Language, path: string, page: ReactElement, site: Site = 'sa') {
  return renderRoutes(language, path, { '/project/:slug': page, '*': page }, site);
}

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('unit booking (Saudi site)', () => {
  it.each(['en', 'ar'] as const)(
    'in %s, a resident books an available unit and goes to its Checkout',
    async (language) => {
      signIn();
      const mock = services({ language });
      const go = jest.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
      renderAt(language, `/project/${project.slug}`, <ProjectPage site="sa" />);
      const buttons = await screen.findAllByTestId('unit-book');
      // Only the available unit can be booked.
      expect(buttons).toHaveLength(1);
      expect(buttons[0].textContent).toBe(language === 'en' ? 'Book online' : 'احجز إلكترونيًا');
      await act(async () => {
        fireEvent.click(buttons[0]);
      });
      await waitFor(() => expect(go).toHaveBeenCalledWith(CHECKOUT), { timeout: 5_000 });
      expect(mock.mock.calls.filter(([input]) => String(input).includes('/unit-bookings/')).length).toBe(2);
    },
  );

  it.each(['en', 'ar'] as const)(
    "in %s, a customer who is not a resident gets the spec's message",
    async (language) => {
      signIn();
      services({ resident: false, language });
      const go = jest.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
      renderAt(language, `/project/${project.slug}`, <ProjectPage site="sa" />);
      fireEvent.click(await screen.findByTestId('unit-book'));
      const refusal = await screen.findByTestId('booking-residents-only');
      expect(refusal.textContent).toContain(ERROR_MESSAGES.BOOKING_RESIDENTS_ONLY[language]);
      expect(go).not.toHaveBeenCalled();
    },
  );

  it('an agent is told only customers book, without asking the server; the UAE site has no booking', async () => {
    signIn('agent');
    const mock = services();
    renderAt('en', `/project/${project.slug}`, <ProjectPage site="sa" />);
    fireEvent.click(await screen.findByTestId('unit-book'));
    await screen.findByText('Only customer accounts can book units online.');
    expect(mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    renderAt('en', `/project/${project.slug}`, <ProjectPage site="ae" />, 'ae');
    await waitFor(() => expect(screen.getAllByTestId('project-units')).toHaveLength(2));
    expect(screen.getAllByTestId('unit-book')).toHaveLength(1);
  });

  it('the success page of a booking says it was received and leads to the orders', async () => {
    signIn();
    services();
    renderAt(
      'ar',
      `/payments/paymentSuccess?paymentId=${PAYMENT_ID}&bookingId=${BOOKING_ID}`,
      <PaymentSuccessPage />,
    );
    expect((await screen.findByTestId('payment-received')).textContent).toContain(
      'شكرًا لك، لقد استلمنا طلبك',
    );
    expect(screen.getByTestId('payment-my-orders').getAttribute('href')).toBe('/my-orders');
  });

  it('/my-orders lists the unit orders in Arabic; on the UAE site it calls nothing', async () => {
    signIn();
    const mock = services();
    renderAt('ar', '/my-orders', <MyOrdersPage site="sa" />);
    const card = await screen.findByTestId('order');
    expect(screen.getByTestId('order-title').textContent).toBe('مساكن الملقا · شقة B-204');
    expect(screen.getByTestId('order-status').textContent).toBe('مدفوعة');
    expect(card.textContent).toContain('سجل الحالة');
    expect(mock.mock.calls.some(([input]) => String(input).includes('kind=unit'))).toBe(true);

    mock.mockClear();
    renderAt('en', '/my-orders', <MyOrdersPage site="ae" />, 'ae');
    expect((await screen.findByTestId('orders-saudi-only')).textContent).toContain(
      'Orders are on the Saudi site',
    );
    expect(mock.mock.calls.some(([input]) => String(input).includes('/orders'))).toBe(false);
  });
});
