import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { savedSearchMatchedV1, type EventEnvelope } from '@manzil/contracts';
import { ParseEventPipe } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { isolate, type NotificationDraft } from '../delivery/notifier.js';

type Matched = z.infer<typeof savedSearchMatchedV1.payload>;

/** The texts of a match: one listing (new or cheaper), or a daily digest of several. */
function texts(p: Matched): Pick<NotificationDraft, 'title' | 'body' | 'link'> {
  const name = { en: `“${p.name}”`, ar: `«${isolate(p.name)}»` };
  if (p.matches.length === 1) {
    const [match] = p.matches;
    const title = { en: match.title.en, ar: isolate(match.title.ar || match.title.en) };
    return match.reason === 'priceDrop'
      ? {
          link: `/property/${match.slug}`,
          title: { en: `Price drop for your search ${name.en}`, ar: `انخفض سعر عقار في بحثك ${name.ar}` },
          body: {
            en: `${title.en} is now cheaper.`,
            ar: `أصبح ${title.ar} بسعر أقل.`,
          },
        }
      : {
          link: `/property/${match.slug}`,
          title: { en: `New listing for your search ${name.en}`, ar: `عقار جديد في بحثك ${name.ar}` },
          body: {
            en: `${title.en} matches your saved search.`,
            ar: `${title.ar} يطابق بحثك المحفوظ.`,
          },
        };
  }
  const count = p.matches.length;
  return {
    link: p.link,
    title: { en: `Your daily update for ${name.en}`, ar: `تحديثك اليومي لبحث ${name.ar}` },
    body: {
      en: `New or cheaper listings matching your saved search: ${count}.`,
      ar: `عقارات جديدة أو بسعر أقل تطابق بحثك المحفوظ: ${isolate(String(count))}.`,
    },
  };
}

/**
 * saved-search.matched (search): the customer who saved the search is told, in-app in both
 * languages and by e-mail in their language when their address is known (`Deliver.once`).
 */
@Controller()
export class SavedSearchEventsHandler {
  constructor(private readonly deliver: Deliver) {}

  @EventPattern(savedSearchMatchedV1.type)
  async matched(
    @Payload(new ParseEventPipe(savedSearchMatchedV1)) event: EventEnvelope<Matched>,
  ): Promise<void> {
    const p = event.payload;
    await this.deliver.once(event, [{ accountId: p.customerId, kind: event.type, ...texts(p) }]);
  }
}
