import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountProfileWithEmail, Language, MyAuctionView } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { ProfilePage } from './profile-page.js';

const profile = (role: 'user' | 'agent'): AccountProfileWithEmail => accountProfile({ role });

const AUCTION = '0193a000-0000-7000-8000-000000000001';
const auction: MyAuctionView = {
  id: AUCTION,
  propertyId: '0193a000-0000-7000-8000-0000000000f1',
  status: 'live',
  startsAt: '2026-11-25T10:00:00.000Z',
  endsAt: '2026-12-02T10:00:00.000Z',
  startingPrice: 1_000_000,
  currentPrice: 1_003_000,
  minIncrement: 1_000,
  minimumBid: 1_004_000,
  biddingFee: 500,
  currency: 'AED',
  bidCount: 3,
  property: null,
  winningPrice: null,
  closedAt: null,
  leading: true,
  myBidCount: 2,
  myBids: [
    {
      id: '0193a000-0000-7000-8000-0000000000b2',
      auctionId: AUCTION,
      amount: 1_003_000,
      biddingFee: 500,
      currency: 'AED',
      status: 'accepted',
      paymentStatus: 'success',
      leading: true,
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
    },
    {
      id: '0193a000-0000-7000-8000-0000000000b1',
      auctionId: AUCTION,
      amount: 1_001_000,
      biddingFee: 500,
      currency: 'AED',
      status: 'rejected',
      paymentStatus: 'failed',
      leading: false,
      createdAt: '2026-11-26T09:00:00.000Z',
      updatedAt: '2026-11-26T09:00:00.000Z',
    },
  ],
};

describe('/profile?tab=auctions (auction properties)', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['en', 'Auction properties', ['Accepted', 'Rejected'], 'Page 1 of 2'],
    ['ar', 'عقارات المزاد', ['مقبولة', 'مرفوضة'], 'الصفحة 1 من 2'],
  ] as const)(
    'in %s, lists the auctions a customer bid on with their bids’ states, page by page',
    async (language: Language, tabName, states, pageOf) => {
      storeSession({ token: fakeToken({ role: 'user', firstName: 'Mona' }), refresh_token: 'r1' });
      const calls = mockFetch(
        envelope(200, profile('user')),
        envelope(200, { items: [auction], page: 1, limit: 10, total: 11 }),
        envelope(200, {
          items: [{ ...auction, id: '0193a000-0000-7000-8000-000000000002' }],
          page: 2,
          limit: 10,
          total: 11,
        }),
      );
      renderScreen(<ProfilePage />, { path: '/profile?tab=auctions', language });
      expect(screen.getByTestId('profile-tab-auctions').textContent).toBe(tabName);
      await screen.findByTestId('my-auction');
      expect(screen.getAllByTestId('my-auction-bid-status').map((cell) => cell.textContent)).toEqual(states);
      expect(screen.getByTestId('my-auctions-page').textContent).toBe(pageOf);
      expect(screen.getByTestId('my-auction-link').getAttribute('href')).toContain(`?auction=${AUCTION}`);
      fireEvent.click(screen.getAllByRole('button').at(-1)!);
      await waitFor(() => expect(calls.length).toBe(3));
      expect(calls[1].url).toBe('/api/auctions/v1/me/auctions?page=1&limit=10');
      expect(calls[2].url).toBe('/api/auctions/v1/me/auctions?page=2&limit=10');
    },
  );

  it('is no tab of an agent, who never asks auctions for bids', async () => {
    storeSession({ token: fakeToken({ role: 'agent', firstName: 'Omar' }), refresh_token: 'r1' });
    const calls = mockFetch(envelope(200, profile('agent')));
    renderScreen(<ProfilePage />, { path: '/profile?tab=auctions' });
    await screen.findByTestId('profile-tab-profile');
    expect(screen.queryByTestId('profile-tab-auctions')).toBeNull();
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/identity/v1/profile']));
  });
});
