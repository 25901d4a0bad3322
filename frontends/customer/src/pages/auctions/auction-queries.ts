import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AUCTIONS_API,
  BID_FEES_API,
  auctionDetailSchema,
  bidTooLowResultsSchema,
  bidFeeViewSchema,
  auctionPageSchema,
  bidViewSchema,
  myBidPageSchema,
  type AuctionDetail,
  type AuctionPriceMessage,
  type AuctionStatus,
  type AuctionView,
  type BidFeeView,
  type Language,
  type PlaceBidBody,
} from '@manzil/contracts';
import { ApiError, apiFetch, apiQueryFn, refetchAfterWrite } from '@manzil/ui';
import { waitForCheckout } from '../payments/wait-for-checkout.js';

/** The auctions service behind the gateway. */
export const AUCTIONS_BASE = '/api/auctions';
/** Enough for a site's live or upcoming auctions on one screen; the service paginates. */
export const AUCTIONS_PAGE_SIZE = 24;

export const auctionKeys = {
  all: ['auctions'] as const,
  list: (status: AuctionStatus, language: Language) => ['auctions', 'list', { status, language }] as const,
  detail: (id: string, language: Language) => ['auctions', 'detail', id, language] as const,
  myBids: (language: Language) => ['auctions', 'my-bids', language] as const,
};

/** GET /v1/auctions?status=…: live ending soonest first, upcoming starting soonest first. */
export const auctionsQuery = (status: AuctionStatus, language: Language) =>
  queryOptions({
    queryKey: auctionKeys.list(status, language),
    queryFn: apiQueryFn(`${AUCTIONS_BASE}${AUCTIONS_API.list}`, {
      language,
      query: { status, page: 1, limit: AUCTIONS_PAGE_SIZE },
      results: auctionPageSchema,
    }),
    // Prices move while the page is open; the live feed updates the open auction, a list a minute.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** GET /v1/auctions/:id, with `leading` for a signed-in customer. */
export const auctionQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: auctionKeys.detail(id, language),
    queryFn: apiQueryFn(`${AUCTIONS_BASE}${AUCTIONS_API.detail(id)}`, {
      language,
      results: auctionDetailSchema,
    }),
    staleTime: 10_000,
  });

/** GET /v1/me/bids: the signed-in customer's bids on this site, newest first. */
export const myBidsQuery = (language: Language) =>
  queryOptions({
    queryKey: auctionKeys.myBids(language),
    queryFn: apiQueryFn(`${AUCTIONS_BASE}${AUCTIONS_API.myBids}`, {
      language,
      query: { page: 1, limit: 50 },
      results: myBidPageSchema,
    }),
  });

/** A price message of the live feed written into every cached copy of that auction. */
export function applyPriceMessage(client: QueryClient, message: AuctionPriceMessage) {
  const merge = <T extends AuctionView>(auction: T): T =>
    auction.id === message.auctionId
      ? {
          ...auction,
          currentPrice: message.currentPrice,
          minimumBid: message.minimumBid,
          bidCount: message.bidCount,
          status: message.status,
        }
      : auction;
  client.setQueriesData<AuctionDetail>({ queryKey: ['auctions', 'detail', message.auctionId] }, (old) =>
    old ? merge(old) : old,
  );
  client.setQueriesData<{ items: AuctionView[] }>({ queryKey: ['auctions', 'list'] }, (old) =>
    old ? { ...old, items: old.items.map(merge) } : old,
  );
}

/** The price a too-low refusal (422) carries, or null for any other failure. */
export function refusedPrice(failure: unknown): AuctionPriceMessage | null {
  if (!(failure instanceof ApiError) || failure.status !== 422) return null;
  const parsed = bidTooLowResultsSchema.safeParse(failure.results);
  return parsed.success ? parsed.data.price : null;
}

/**
 * POST /v1/auctions/:id/bids, then the auction and the customer's bids read again. A bid
 * refused as too low changed nothing but carries the price it met: that price goes into the
 * cached auction (as a live-feed message would), with no read.
 */
export function usePlaceBid(auctionId: string, language: Language) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceBidBody) =>
      apiFetch(`${AUCTIONS_BASE}${AUCTIONS_API.bids(auctionId)}`, {
        language,
        method: 'POST',
        body,
        results: bidViewSchema,
      }),
    onSettled: (_bid, failure) => {
      const price = refusedPrice(failure);
      if (price) applyPriceMessage(client, price);
      else return refetchAfterWrite(client, auctionKeys.all);
    },
  });
}

/** POST /v1/bids/:id/withdraw. */
export function useWithdrawBid(language: Language) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) =>
      apiFetch(`${AUCTIONS_BASE}${AUCTIONS_API.withdraw(bidId)}`, {
        language,
        method: 'POST',
        body: {},
        results: bidViewSchema,
      }),
    onSettled: () => refetchAfterWrite(client, auctionKeys.all),
  });
}

/** The payments service behind the gateway. */
const PAYMENTS_BASE = '/api/payments';

/** GET /api/payments/v1/bid-fees/:bidId: the fee of one of the customer's pending bids. */
export async function fetchBidFee(bidId: string, language: Language): Promise<BidFeeView> {
  return (
    await apiFetch(`${PAYMENTS_BASE}${BID_FEES_API.bidFee(bidId)}`, { language, results: bidFeeViewSchema })
  ).results;
}

/** The Checkout page of a pending bid's fee, once payments has opened it (on reading the bid). */
export function waitForCheckoutUrl(bidId: string, language: Language): Promise<string | null> {
  return waitForCheckout(() => fetchBidFee(bidId, language));
}

/** GET the fee of a bid (the result pages): read again while it is Pending. */
export const bidFeeQuery = (bidId: string, language: Language) =>
  queryOptions<BidFeeView>({
    queryKey: ['payments', 'bid-fee', bidId, language] as const,
    queryFn: () => fetchBidFee(bidId, language),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 3_000 : false),
    retry: 1,
  });
