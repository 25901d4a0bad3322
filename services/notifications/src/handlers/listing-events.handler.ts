import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  listingApprovedV1,
  listingApprovedV2,
  listingRejectedV1,
  type EventEnvelope,
} from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { isolate, sms, type NotificationDraft } from '../delivery/notifier.js';

/** The agent of a listing and its company, each told once. */
const owners = (agentId: string | null, companyId: string | null) => [
  ...new Set([agentId, companyId].filter((id): id is string => Boolean(id))),
];

/** listing.approved (v2) and listing.rejected (listings): the owner learns the admin's decision. */
@Controller()
export class ListingEventsHandler {
  constructor(private readonly deliver: Deliver) {}

  /** v1 (no longer published) names no owner: read and passed over, so old streams still drain. */
  @EventPattern(listingApprovedV2.type)
  async approved(
    @Payload(new ParseEventPipe<z.ZodType>(listingApprovedV1, listingApprovedV2))
    event: EventEnvelope<unknown>,
  ): Promise<void> {
    if (event.version !== listingApprovedV2.version) return void (await this.deliver.once(event, []));
    const p = event.payload as z.infer<typeof listingApprovedV2.payload>;
    const drafts: NotificationDraft[] = owners(p.agent.id, p.company?.id ?? null).map((accountId) => ({
      accountId,
      kind: event.type,
      link: `/property/${p.slug}`,
      title: { en: 'Your listing is live', ar: 'تم نشر إعلانك' },
      body: {
        en: `${p.title.en} was approved and is now shown to customers.`,
        ar: `تمت الموافقة على ${isolate(p.title.ar || p.title.en)} وأصبح ظاهرًا للعملاء.`,
      },
    }));
    await this.deliver.once(event, drafts);
  }

  @EventPattern(listingRejectedV1.type)
  async rejected(
    @Payload(new ParseEventPipe(listingRejectedV1))
    event: EventOf<typeof listingRejectedV1>,
  ): Promise<void> {
    const p = event.payload;
    const drafts: NotificationDraft[] = owners(p.agentId, p.companyId).map((accountId) => ({
      accountId,
      kind: event.type,
      link: '/manage-properties',
      title: p.publishedStays
        ? { en: 'Your changes were not approved', ar: 'لم تتم الموافقة على تعديلاتك' }
        : { en: 'Your listing was not approved', ar: 'لم تتم الموافقة على إعلانك' },
      body: {
        en: `Reason: ${p.reason}`,
        ar: `السبب: ${isolate(p.reason)}`,
      },
      sms: sms(
        p.publishedStays
          ? {
              en: 'the changes to your listing were not approved. See why in your portal.',
              ar: 'لم تتم الموافقة على تعديلات إعلانك. اطّلع على السبب في بوابتك.',
            }
          : {
              en: 'your listing was not approved. See why in your portal.',
              ar: 'لم تتم الموافقة على إعلانك. اطّلع على السبب في بوابتك.',
            },
      ),
    }));
    await this.deliver.once(event, drafts);
  }
}
