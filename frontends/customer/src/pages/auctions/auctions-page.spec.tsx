import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuctionDetail, AuctionStatus, BidView, Language } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider, TOKEN_KEY, setLoginPromptHandler } from '@manzil/ui';
import { auctionDetail } from '@manzil/ui/test/fixtures';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { AuctionsPage } from './auctions-page.js';

const AUCTION_ID = '0193a000-0000-7000-8000-000000000001';
const BID_ID = '0193a000-0000-7000-8000-0000000000b1';
const HOUR = 3_600_000;

function auction(status: AuctionStatus, overrides: Partial<AuctionDetail> = {}): AuctionDetail {
  const now = Date.now();
  return auctionDetail({
    id: AUCTION_ID,
    status,
    startsAt: new Date(now + (status === 'upcoming' ? 5 : -5) * HOUR).toISOString(),
    endsAt: new Date(now + 30 * HOUR).toISOString(),
    ...overrides,
  });
}

function bid(overrides: Partial<BidView> = {}): BidView & { auction: AuctionDetail } {
  return {
    id: BID_ID,
    auctionId: AUCTION_ID,
    amount: 1_490_000,
    biddingFee: 500,
    currency: 'AED',
    status: 'pending',
    paymentStatus: 'pending',
    leading: false,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    auction: auction('live'),
    ...overrides,
  };
}

const ok = (results: unknown) =>
  ({
    status: 200,
    ok: true,
    statusText: 'OK',
    json: async () => ({ status: 200, success: true, message: 'OK', results }),
  }) as Response;

/** The auctions service at the fetch boundary: lists by status, one auction, the customer's bids, bids. */
function auctionsService({ detail = auction('live'), myBids = [] as BidView[] } = {}) {
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { amount: number };
      return { ...ok(bid({ amount: body.amount, status: 'accepted', paymentStatus: null })), status: 201 };
    }
    if (url.pathname === '/api/auctions/v1/me/bids') {
      return ok({ items: myBids, page: 1, limit: 50, total: myBids.length });
    }
    if (url.pathname === `/api/auctions/v1/auctions/${AUCTION_ID}`) return ok(detail);
    const status = url.searchParams.get('status') as AuctionStatus;
    const item = { ...auction(status), id: status === 'live' ? AUCTION_ID : BID_ID };
    return ok({ items: [item], page: 1, limit: 24, total: 1 });
  });
  globalThis.fetch = mock;
  return mock;
}

/** A customer's token as the shell stores it (the UI reads its payload; the service verifies it). */
function signIn(role: 'user' | 'agent') {
  const payload = Buffer.from(JSON.stringify({ role, firstName: 'Sara' })).toString('base64url');
  localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
}

function renderPage(language: Language, path = '/properties-for-auction') {
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <FeedbackProvider language={language}>
            <div dir={language === 'ar' ? 'rtl' : 'ltr'}>
              <AuctionsPage site="ae" />
            </div>
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const statusesAsked = (mock: ReturnType<typeof auctionsService>) =>
  mock.mock.calls.map(([input]) => new URL(String(input), 'http://x').searchParams.get('status'));

const amountInput = () => screen.getByTestId('field-amount').querySelector('input') as HTMLInputElement;
const submitBid = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('bid-submit'));
  });

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('auctions page tabs', () => {
  it.each([
    ['en', 'ArrowRight', 'Live', 'Upcoming'],
    ['ar', 'ArrowLeft', 'مباشر', 'قادم'],
  ] as const)(
    'in %s, %s moves from Live to Upcoming and lists upcoming auctions',
    async (language, key, live, upcoming) => {
      const mock = auctionsService();
      renderPage(language);
      const liveTab = screen.getByRole('tab', { name: live });
      expect(liveTab.getAttribute('aria-selected')).toBe('true');
      await screen.findByTestId('auction-card');
      expect(screen.getByTestId('auction-countdown').textContent).toContain(
        language === 'en' ? 'Ends in' : 'ينتهي خلال',
      );
      liveTab.focus();
      fireEvent.keyDown(liveTab, { key });
      const upcomingTab = screen.getByRole('tab', { name: upcoming });
      expect(upcomingTab.getAttribute('aria-selected')).toBe('true');
      expect(document.activeElement).toBe(upcomingTab);
      await waitFor(() => expect(statusesAsked(mock)).toContain('upcoming'));
      await waitFor(() =>
        expect(screen.getByTestId('auction-countdown').textContent).toContain(
          language === 'en' ? 'Starts in' : 'يبدأ خلال',
        ),
      );
    },
  );
});

describe('bid form', () => {
  it.each([
    [
      'en',
      'Please enter bid price.',
      'Bid price must be greater than the current price by at least the minimum increment.',
    ],
    [
      'ar',
      'يرجى إدخال قيمة المزايدة.',
      'يجب أن تزيد قيمة المزايدة على السعر الحالي بمقدار الحد الأدنى للزيادة على الأقل.',
    ],
  ] as const)(
    'in %s: required, above the current price, fee shown, Arabic digits accepted',
    async (language, required, tooLow) => {
      signIn('user');
      const mock = auctionsService({ detail: auction('live', { biddingFee: 500 }) });
      renderPage(language, `/properties-for-auction?auction=${AUCTION_ID}`);
      await screen.findByTestId('bid-form');
      expect(screen.getByTestId('bid-fee').textContent).toMatch(/500/);

      await submitBid();
      expect(screen.getByTestId('field-amount-error').textContent).toBe(required);

      fireEvent.change(amountInput(), { target: { value: '1,500,000' } });
      await submitBid();
      expect(screen.getByTestId('field-amount-error').textContent).toBe(tooLow);
      expect(amountInput().value).toBe('1,500,000');
      expect(mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

      fireEvent.change(amountInput(), { target: { value: '١٬٥٠٢٬٠٠٠' } });
      await submitBid();
      await waitFor(() => expect(mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
      const post = mock.mock.calls.find(([, init]) => init?.method === 'POST')!;
      expect(String(post[0])).toBe(`/api/auctions/v1/auctions/${AUCTION_ID}/bids`);
      expect(JSON.parse(String(post[1]?.body))).toEqual({ amount: 1_502_000 });
    },
  );

  it.each([
    ['en', 'Your payment is still pending, you cannot withdraw it.'],
    ['ar', 'دفعتك لا تزال قيد المعالجة، لا يمكنك سحب المزايدة.'],
  ] as const)(
    'in %s, withdrawing a bid whose fee is pending shows the spec message',
    async (language, message) => {
      signIn('user');
      const mock = auctionsService({ myBids: [bid()] });
      renderPage(language, `/properties-for-auction?auction=${AUCTION_ID}`);
      const status = await screen.findByTestId('my-bid-status');
      expect(status.textContent).toBe(language === 'en' ? 'Pending' : 'قيد الانتظار');
      fireEvent.click(screen.getByTestId('withdraw-bid'));
      expect((await screen.findByTestId('withdraw-error')).textContent).toBe(message);
      expect(mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    },
  );

  it('asks a visitor to log in with the bid prompt, and shows no form to an agent', async () => {
    auctionsService();
    const prompts: string[] = [];
    const stop = setLoginPromptHandler((reason) => prompts.push(reason));
    const view = renderPage('en', `/properties-for-auction?auction=${AUCTION_ID}`);
    fireEvent.click(await screen.findByTestId('bid-login-button'));
    expect(prompts).toEqual(['bid']);
    expect(screen.queryByTestId('bid-form')).toBeNull();
    stop();
    view.unmount();

    signIn('agent');
    renderPage('en', `/properties-for-auction?auction=${AUCTION_ID}`);
    expect((await screen.findByTestId('bid-not-customer')).textContent).toBe(
      'Only customer accounts can bid on auctions.',
    );
    expect(screen.queryByTestId('bid-form')).toBeNull();
  });
});
