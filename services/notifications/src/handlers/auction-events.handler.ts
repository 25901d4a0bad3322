import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  auctionCanceledV1,
  auctionCanceledV2,
  auctionClosedV1,
  bidOutbidV1,
  bidPlacedV1,
} from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { amount, isolate, sms, type NotificationDraft } from '../delivery/notifier.js';

const LINK = '/properties-for-auction';

/**
 * bid.placed (accepted), bid.outbid, auction.closed, auction.canceled (auctions): bidders follow
 * their bids.
 */
@Controller()
export class AuctionEventsHandler {
  constructor(private readonly deliver: Deliver) {}

  /** A bid that counts at once is confirmed; a pending one waits for its fee (payments tells). */
  @EventPattern(bidPlacedV1.type)
  async placed(@Payload(new ParseEventPipe(bidPlacedV1)) event: EventOf<typeof bidPlacedV1>): Promise<void> {
    const p = event.payload;
    const price = amount(p.amount, p.currency);
    await this.deliver.once(
      event,
      p.status !== 'accepted'
        ? []
        : [
            {
              accountId: p.bidderId,
              kind: 'bid.accepted',
              link: LINK,
              title: { en: 'Your bid was accepted', ar: 'تم قبول مزايدتك' },
              body: { en: `Your bid of ${price} is in.`, ar: `تم تسجيل مزايدتك بمبلغ ${isolate(price)}.` },
            },
          ],
    );
  }

  @EventPattern(bidOutbidV1.type)
  async outbid(@Payload(new ParseEventPipe(bidOutbidV1)) event: EventOf<typeof bidOutbidV1>): Promise<void> {
    const p = event.payload;
    const price = amount(p.newAmount, p.currency);
    await this.deliver.once(event, [
      {
        accountId: p.previousBidderId,
        kind: event.type,
        link: LINK,
        title: { en: 'You have been outbid', ar: 'تم تجاوز مزايدتك' },
        body: {
          en: `Someone bid ${price}. Bid again to stay in the lead.`,
          ar: `زايد شخص آخر بمبلغ ${isolate(price)}. زايد مجددًا لتبقى في الصدارة.`,
        },
        sms: sms({
          en: `you have been outbid (${price}). Bid again to stay in the lead.`,
          ar: `تم تجاوز مزايدتك (${isolate(price)}). زايد مجددًا لتبقى في الصدارة.`,
        }),
      },
    ]);
  }

  @EventPattern(auctionClosedV1.type)
  async closed(
    @Payload(new ParseEventPipe(auctionClosedV1))
    event: EventOf<typeof auctionClosedV1>,
  ): Promise<void> {
    const p = event.payload;
    const winner = p.winner;
    const drafts: NotificationDraft[] = [...new Set(p.bidderIds)].map((accountId) =>
      winner && winner.bidderId === accountId
        ? {
            accountId,
            kind: 'auction.won',
            link: LINK,
            title: { en: 'You won the auction', ar: 'فزت بالمزاد' },
            body: {
              en: `Your bid of ${amount(winner.amount, p.currency)} won. Our team will contact you.`,
              ar: `فازت مزايدتك بمبلغ ${isolate(amount(winner.amount, p.currency))}. سيتواصل معك فريقنا.`,
            },
            sms: sms({
              en: `you won the auction with ${amount(winner.amount, p.currency)}. Our team will contact you.`,
              ar: `فزت بالمزاد بمبلغ ${isolate(amount(winner.amount, p.currency))}. سيتواصل معك فريقنا.`,
            }),
          }
        : {
            accountId,
            kind: event.type,
            link: LINK,
            title: { en: 'The auction has closed', ar: 'انتهى المزاد' },
            // No winner: no bid counted (a pending bid's fee never came, and the close rejected it).
            body: winner
              ? { en: 'Another bid won this auction.', ar: 'فازت مزايدة أخرى بهذا المزاد.' }
              : {
                  en: 'This auction closed without a winning bid, so your bid no longer stands.',
                  ar: 'انتهى هذا المزاد دون مزايدة فائزة، لذلك لم تعد مزايدتك قائمة.',
                },
          },
    );
    await this.deliver.once(event, drafts);
  }

  /**
   * The auction was canceled (v1: by an admin; v2 also when its property left the market):
   * every bidder in the event, once each (their bids are void).
   */
  @EventPattern(auctionCanceledV1.type)
  async canceled(
    @Payload(
      new ParseEventPipe<typeof auctionCanceledV1.payload | typeof auctionCanceledV2.payload>(
        auctionCanceledV1,
        auctionCanceledV2,
      ),
    )
    event: EventOf<typeof auctionCanceledV1 | typeof auctionCanceledV2>,
  ): Promise<void> {
    const withdrawn = 'cause' in event.payload && event.payload.cause === 'listing-withdrawn';
    const drafts: NotificationDraft[] = [...new Set(event.payload.bidderIds)].map((accountId) => ({
      accountId,
      kind: event.type,
      link: LINK,
      title: { en: 'The auction was canceled', ar: 'تم إلغاء المزاد' },
      body: withdrawn
        ? {
            en: 'This property is no longer on the market, so its auction was canceled and your bid no longer stands.',
            ar: 'لم يعد هذا العقار معروضًا، لذلك أُلغي مزاده ولم تعد مزايدتك قائمة.',
          }
        : {
            en: 'This auction was canceled before it ended, so your bid no longer stands.',
            ar: 'تم إلغاء هذا المزاد قبل انتهائه، لذلك لم تعد مزايدتك قائمة.',
          },
    }));
    await this.deliver.once(event, drafts);
  }
}
