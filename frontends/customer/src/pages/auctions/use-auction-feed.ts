import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUCTIONS_API, auctionPriceMessageSchema, type AuctionPriceMessage } from '@manzil/contracts';
import { AUCTIONS_BASE, applyPriceMessage } from './auction-queries.js';

/**
 * The auction's live price feed (`GET /v1/auctions/:id/events`, server-sent events through the
 * gateway): each `price` message is written into the cached auction and lists, so every
 * place showing it moves at once. EventSource reconnects by itself, and the service starts
 * each stream with the price read from the database, so nothing missed while away stays
 * missed. Returns the last message that changed the price after the first one (a bid
 * placed while the page was open), for the page to announce.
 */
export function useAuctionFeed(auctionId: string | null): AuctionPriceMessage | null {
  const client = useQueryClient();
  const [news, setNews] = useState<AuctionPriceMessage | null>(null);
  const last = useRef<AuctionPriceMessage | null>(null);

  useEffect(() => {
    if (!auctionId || typeof EventSource === 'undefined') return undefined;
    last.current = null;
    setNews(null);
    const source = new EventSource(`${AUCTIONS_BASE}${AUCTIONS_API.events(auctionId)}`);
    const onPrice = (event: MessageEvent<string>) => {
      let parsed: AuctionPriceMessage;
      try {
        parsed = auctionPriceMessageSchema.parse(JSON.parse(event.data));
      } catch {
        return;
      }
      const previous = last.current;
      last.current = parsed;
      applyPriceMessage(client, parsed);
      if (
        previous &&
        (previous.bidCount !== parsed.bidCount || previous.currentPrice !== parsed.currentPrice)
      ) {
        setNews(parsed);
        // The customer's own bids may have lost or taken the lead.
        void client.invalidateQueries({ queryKey: ['auctions', 'my-bids'] });
      }
    };
    source.addEventListener('price', onPrice as EventListener);
    return () => {
      source.removeEventListener('price', onPrice as EventListener);
      source.close();
    };
  }, [auctionId, client]);

  return news;
}
