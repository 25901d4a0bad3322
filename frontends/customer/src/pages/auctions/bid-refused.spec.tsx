import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fieldMessage, type AuctionDetail, type BidTooLowResults } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider, TOKEN_KEY } from '@manzil/ui';
import { auctionDetail } from '@manzil/ui/test/fixtures';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import en from '../../i18n/en.json' with { type: 'json' };
import { AuctionsPage } from './auctions-page.js';

const AUCTION_ID = '0193a000-0000-7000-8000-000000000002';
const LEADER_BID = '0193a000-0000-7000-8000-0000000000b2';

const auction: AuctionDetail = auctionDetail({
  id: AUCTION_ID,
  propertyId: '0193a000-0000-7000-8000-0000000000f2',
});

/** The refusal of a bid someone else's bid overtook, as the service answers it. */
const refusal: BidTooLowResults = {
  code: 'VALIDATION_FAILED',
  fields: [{ field: 'amount', message: fieldMessage('bid.tooLow', 'en') }],
  price: {
    auctionId: AUCTION_ID,
    currentPrice: 1_600_000,
    minimumBid: 1_601_000,
    bidCount: 3,
    leadingBidId: LEADER_BID,
    status: 'live',
  },
};

const answer = (status: number, message: string, results: unknown) =>
  ({
    status,
    ok: status < 400,
    statusText: '',
    json: async () => ({ status, success: status < 400, message, results }),
  }) as Response;

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('a bid refused as too low', () => {
  it('shows the price the refusal carries, without reading the auction again', async () => {
    const payload = Buffer.from(JSON.stringify({ role: 'user', firstName: 'Sara', site: 'ae' })).toString(
      'base64url',
    );
    localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
    const mock = jest.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://ae.localhost');
      if (init?.method === 'POST') return answer(422, 'Please check the highlighted fields.', refusal);
      if (url.pathname === `/api/auctions/v1/auctions/${AUCTION_ID}`) return answer(200, 'OK', auction);
      return answer(200, 'OK', { items: [], page: 1, limit: 24, total: 0 });
    });
    globalThis.fetch = mock;
    render(
      <WithQueryClient client={testQueryClient()}>
        <MemoryRouter initialEntries={[`/properties-for-auction?auction=${AUCTION_ID}`]}>
          <LanguageProvider language="en" messages={en}>
            <FeedbackProvider language="en">
              <AuctionsPage site="ae" />
            </FeedbackProvider>
          </LanguageProvider>
        </MemoryRouter>
      </WithQueryClient>,
    );
    await screen.findByTestId('bid-form');
    expect(screen.getByTestId('bid-hint').textContent).toContain('1,501,000');
    const detailReads = () =>
      mock.mock.calls.filter(([input]) => String(input).endsWith(`/v1/auctions/${AUCTION_ID}`)).length;
    const readsBefore = detailReads();
    fireEvent.change(screen.getByTestId('field-amount').querySelector('input')!, {
      target: { value: '1501000' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('bid-submit'));
    });
    // The page shows the price the refusal met (the hint gives way to the field's message).
    await waitFor(() => expect(document.body.textContent).toContain('1,601,000'));
    expect(document.body.textContent).toContain('1,600,000');
    expect(document.body.textContent).not.toContain('1,501,000');
    // The field says why, in the page's language, and what was typed stays.
    expect(await screen.findByText(fieldMessage('bid.tooLow', 'en'))).toBeTruthy();
    expect(screen.getByTestId('field-amount').querySelector('input')!.value).toBe('1501000');
    expect(mock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(detailReads()).toBe(readsBefore);
  });
});
