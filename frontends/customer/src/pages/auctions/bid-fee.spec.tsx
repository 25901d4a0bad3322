import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuctionDetail, BidFeeView, BidView, Language } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider, TOKEN_KEY } from '@manzil/ui';
import { auctionDetail } from '@manzil/ui/test/fixtures';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { PaymentFailedPage, PaymentSuccessPage } from '../payments/payment-result-pages.js';
import { AuctionsPage } from './auctions-page.js';
import { checkoutNavigation } from './pay-bid-fee.js';

const AUCTION_ID = '0193a000-0000-7000-8000-000000000001';
const BID_ID = '0193a000-0000-7000-8000-0000000000b1';
const PAYMENT_ID = '0193a000-0000-7000-8000-0000000000c1';
const CHECKOUT = 'http://127.0.0.1:4010/checkout/cs_test_1';

const auction: AuctionDetail = auctionDetail({ id: AUCTION_ID, biddingFee: 500 });

const pendingBid: BidView = {
  id: BID_ID,
  auctionId: AUCTION_ID,
  amount: 1_501_000,
  biddingFee: 500,
  currency: 'AED',
  status: 'pending',
  paymentStatus: 'pending',
  leading: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
} as BidView;

const fee = (status: BidFeeView['status']): BidFeeView => ({
  paymentId: PAYMENT_ID,
  bidId: BID_ID,
  auctionId: AUCTION_ID,
  status,
  amount: 500,
  currency: 'AED',
  checkoutUrl: status === 'pending' ? CHECKOUT : null,
  createdAt: new Date().toISOString(),
  paidAt: null,
});

const answer = (status: number, results: unknown) =>
  ({
    status,
    ok: status < 400,
    statusText: '',
    json: async () => ({
      status,
      success: status < 400,
      message: status === 404 ? 'No Record Found' : 'OK',
      results,
    }),
  }) as Response;

/** Auctions and payments at the fetch boundary; the fee is "not there yet" the first time. */
function services(feeStatus: BidFeeView['status'] = 'pending') {
  let feeReads = 0;
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (init?.method === 'POST') return answer(201, pendingBid);
    if (url.pathname === `/api/payments/v1/bid-fees/${BID_ID}`)
      return (feeReads += 1) === 1 ? answer(404, null) : answer(200, fee(feeStatus));
    if (url.pathname === '/api/auctions/v1/me/bids')
      return answer(200, { items: [], page: 1, limit: 50, total: 0 });
    if (url.pathname === `/api/auctions/v1/auctions/${AUCTION_ID}`) return answer(200, auction);
    return answer(200, { items: [], page: 1, limit: 24, total: 0 });
  });
  globalThis.fetch = mock;
  return mock;
}

function signIn() {
  const payload = Buffer.from(JSON.stringify({ role: 'user', firstName: 'Sara', site: 'ae' })).toString(
    'base64url',
  );
  localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
}

function renderAt(language: Language, path: string, page: ReactElement) {
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <FeedbackProvider language={language}>{page}</FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('bidding fee: bid → Checkout → back to the auction', () => {
  it.each(['en', 'ar'] as const)(
    'in %s, a bid on a fee auction goes on to the fee’s Checkout page',
    async (language) => {
      signIn();
      const mock = services();
      const go = jest.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
      renderAt(language, `/properties-for-auction?auction=${AUCTION_ID}`, <AuctionsPage site="ae" />);
      await screen.findByTestId('bid-form');
      fireEvent.change(screen.getByTestId('field-amount').querySelector('input')!, {
        target: { value: '1501000' },
      });
      await act(async () => {
        fireEvent.click(screen.getByTestId('bid-submit'));
      });
      await waitFor(() => expect(go).toHaveBeenCalledWith(CHECKOUT), { timeout: 5_000 });
      // Asked until payments had read the bid (a 404 first).
      expect(mock.mock.calls.filter(([input]) => String(input).includes('/bid-fees/')).length).toBe(2);
    },
  );

  it.each([
    ['en', 'Thank you, we have received your request', 'Back to the auction'],
    ['ar', 'شكرًا لك، لقد استلمنا طلبك', 'العودة إلى المزاد'],
  ] as const)(
    'in %s, the success page says the request was received and leads back to the auction',
    async (language, title, back) => {
      signIn();
      services();
      renderAt(
        language,
        `/payments/paymentSuccess?paymentId=${PAYMENT_ID}&bidId=${BID_ID}`,
        <PaymentSuccessPage />,
      );
      expect((await screen.findByTestId('payment-received')).textContent).toContain(title);
      await screen.findByTestId('payment-summary', undefined, { timeout: 5_000 });
      const link = screen.getByTestId('payment-back-to-auction');
      expect(link.textContent).toBe(back);
      expect(link.getAttribute('href')).toMatch(new RegExp(`\\?auction=${AUCTION_ID}$`));
    },
  );

  it('the failed page shows the spec message and the way back to the auction', async () => {
    signIn();
    services('canceled');
    renderAt('en', `/payments/paymentFailed?paymentId=${PAYMENT_ID}&bidId=${BID_ID}`, <PaymentFailedPage />);
    expect((await screen.findByTestId('payment-failed')).textContent).toContain(
      'Sorry, your payment is failed, Please try again or contact us.',
    );
    expect(screen.getByTestId('payment-back-to-auction')).toBeTruthy();
  });
});
