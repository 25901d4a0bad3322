import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { subscriptionActivatedV1, subscriptionExpiredV1, type EventEnvelope } from '@manzil/contracts';
import { ParseEventPipe } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { isolate } from '../delivery/notifier.js';

/** payments.subscription.* (payments): the plan holder learns it started or ended. */
@Controller()
export class PaymentEventsHandler {
  constructor(private readonly deliver: Deliver) {}

  @EventPattern(subscriptionActivatedV1.type)
  async activated(
    @Payload(new ParseEventPipe(subscriptionActivatedV1))
    event: EventEnvelope<z.infer<typeof subscriptionActivatedV1.payload>>,
  ): Promise<void> {
    const p = event.payload;
    await this.deliver.once(event, [
      {
        accountId: p.accountId,
        kind: event.type,
        link: '/manage-properties',
        title: { en: 'Your subscription is active', ar: 'اشتراكك مفعّل' },
        body: {
          en: `Your ${p.plan} plan lets you list up to ${p.propertyQuota} properties.`,
          ar: `تتيح لك باقة ${isolate(p.plan)} إضافة ما يصل إلى ${isolate(String(p.propertyQuota))} عقار.`,
        },
      },
    ]);
  }

  @EventPattern(subscriptionExpiredV1.type)
  async expired(
    @Payload(new ParseEventPipe(subscriptionExpiredV1))
    event: EventEnvelope<z.infer<typeof subscriptionExpiredV1.payload>>,
  ): Promise<void> {
    const p = event.payload;
    // An upgrade ends the old plan on purpose: the new one's activation says enough.
    if (p.reason === 'upgraded') return this.deliver.once(event, []);
    await this.deliver.once(event, [
      {
        accountId: p.accountId,
        kind: event.type,
        link: '/',
        title: { en: 'Your subscription has ended', ar: 'انتهى اشتراكك' },
        body: {
          en: `Your ${p.plan} plan has ended. Buy a plan from the home page to keep adding properties.`,
          ar: `انتهت باقة ${isolate(p.plan)}. اشترِ باقة من الصفحة الرئيسية لمواصلة إضافة العقارات.`,
        },
      },
    ]);
  }
}
