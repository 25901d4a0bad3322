import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  formatAppointmentDate,
  planPaymentFailedV1,
  SITE_TIME_ZONE,
  subscriptionActivatedV1,
  subscriptionExpiredV1,
  subscriptionExpiringV1,
  type EventEnvelope,
} from '@manzil/contracts';
import { ParseEventPipe } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { isolate } from '../delivery/notifier.js';

/**
 * payments.subscription.* (payments): the plan holder learns it started, is about to end (in
 * time to renew), ended, or that a checkout for a plan did not go through.
 */
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

  @EventPattern(subscriptionExpiringV1.type)
  async expiring(
    @Payload(new ParseEventPipe(subscriptionExpiringV1))
    event: EventEnvelope<z.infer<typeof subscriptionExpiringV1.payload>>,
  ): Promise<void> {
    const p = event.payload;
    const zone = SITE_TIME_ZONE[event.site];
    await this.deliver.once(event, [
      {
        accountId: p.accountId,
        kind: event.type,
        link: '/',
        title: { en: 'Your subscription ends soon', ar: 'اشتراكك ينتهي قريبًا' },
        body: {
          en: `Your ${p.plan} plan ends on ${formatAppointmentDate(p.endsAt, zone, 'en')}. Renew it from the home page to keep your listings and agents.`,
          ar: `تنتهي باقة ${isolate(p.plan)} في ${isolate(formatAppointmentDate(p.endsAt, zone, 'ar'))}. جدّدها من الصفحة الرئيسية للحفاظ على عقاراتك ووسطائك.`,
        },
      },
    ]);
  }

  @EventPattern(planPaymentFailedV1.type)
  async paymentFailed(
    @Payload(new ParseEventPipe(planPaymentFailedV1))
    event: EventEnvelope<z.infer<typeof planPaymentFailedV1.payload>>,
  ): Promise<void> {
    const p = event.payload;
    await this.deliver.once(event, [
      {
        accountId: p.accountId,
        kind: event.type,
        link: '/',
        title: { en: 'Your payment failed', ar: 'لم تتم عملية الدفع' },
        body: {
          en: `Your payment for the ${p.plan} plan did not go through, so the plan is not active. Please try again or contact us.`,
          ar: `لم تكتمل عملية دفع باقة ${isolate(p.plan)}، لذلك لم تُفعَّل الباقة. يرجى المحاولة مرة أخرى أو التواصل معنا.`,
        },
      },
    ]);
  }
}
