import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AUCTIONS_API,
  auctionDetailSchema,
  auctionPageSchema,
  bidViewSchema,
  myBidPageSchema,
  type AuctionDetail,
  type AuctionPriceMessage,
  type AuctionStatus,
  type AuctionView,
  type Language,
  type PlaceBidBody,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn } from '@manzil/ui';

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

/** POST /v1/auctions/:id/bids, then the auction and the customer's bids read again. */
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
    onSettled: () => client.invalidateQueries({ queryKey: auctionKeys.all }),
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
    onSettled: () => client.invalidateQueries({ queryKey: auctionKeys.all }),
  });
}
