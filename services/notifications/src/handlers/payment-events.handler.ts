import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  bidFeeFailedV1,
  bidFeePaidV1,
  formatAppointmentDate,
  paymentRefundedV1,
  paymentRefundedV2,
  planPaymentFailedV1,
  SITE_TIME_ZONE,
  subscriptionActivatedV1,
  subscriptionExpiredV1,
  subscriptionExpiringV1,
  unitBookingFailedV1,
  unitBookingFailedV2,
  unitBookingPaidV1,
  unitBookingPaidV2,
} from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { amount, clip, isolate, sms, type Bilingual } from '../delivery/notifier.js';

/**
 * payments.subscription.* (payments): the plan holder learns it started, is about to end (in
 * time to renew), ended, or that a checkout for a plan did not go through;
 * payments.bid-fee.paid / .failed: the bidder learns whether the fee of their pending bid went
 * through; payments.unit-booking.paid / .failed: the customer learns whether the payment of
 * their unit booking went through (v2: which unit of which project); payments.payment.refunded: the payer learns the money went
 * back (for a unit booking, which unit of which project).
 */
@Controller()
export class PaymentEventsHandler {
  constructor(private readonly deliver: Deliver) {}

  @EventPattern(subscriptionActivatedV1.type)
  async activated(
    @Payload(new ParseEventPipe(subscriptionActivatedV1))
    event: EventOf<typeof subscriptionActivatedV1>,
  ): Promise<void> {
    const p = event.payload;
    await this.deliver.toOne(event, p.accountId, '/manage-properties', {
      title: { en: 'Your subscription is active', ar: 'اشتراكك مفعّل' },
      body: {
        en: `Your ${p.plan} plan lets you list up to ${p.propertyQuota} properties.`,
        ar: `تتيح لك باقة ${isolate(p.plan)} إضافة ما يصل إلى ${isolate(String(p.propertyQuota))} عقار.`,
      },
    });
  }

  @EventPattern(subscriptionExpiredV1.type)
  async expired(
    @Payload(new ParseEventPipe(subscriptionExpiredV1))
    event: EventOf<typeof subscriptionExpiredV1>,
  ): Promise<void> {
    const p = event.payload;
    // An upgrade ends the old plan on purpose: the new one's activation says enough.
    if (p.reason === 'upgraded') return this.deliver.once(event, []);
    await this.deliver.toOne(event, p.accountId, '/', {
      title: { en: 'Your subscription has ended', ar: 'انتهى اشتراكك' },
      body: {
        en: `Your ${p.plan} plan has ended. Buy a plan from the home page to keep adding properties.`,
        ar: `انتهت باقة ${isolate(p.plan)}. اشترِ باقة من الصفحة الرئيسية لمواصلة إضافة العقارات.`,
      },
    });
  }

  @EventPattern(bidFeePaidV1.type)
  async bidFeePaid(
    @Payload(new ParseEventPipe(bidFeePaidV1)) event: EventOf<typeof bidFeePaidV1>,
  ): Promise<void> {
    const p = event.payload;
    const price = amount(p.amount, p.currency);
    await this.deliver.toOne(event, p.bidderId, '/properties-for-auction', {
      title: { en: 'Bidding fee received', ar: 'تم استلام رسوم المزايدة' },
      body: {
        en: `We received your bidding fee of ${price}. Your bid now goes to the auction.`,
        ar: `استلمنا رسوم المزايدة بمبلغ ${isolate(price)}. تنتقل مزايدتك الآن إلى المزاد.`,
      },
    });
  }

  @EventPattern(bidFeeFailedV1.type)
  async bidFeeFailed(
    @Payload(new ParseEventPipe(bidFeeFailedV1)) event: EventOf<typeof bidFeeFailedV1>,
  ): Promise<void> {
    const p = event.payload;
    const price = amount(p.amount, p.currency);
    await this.deliver.toOne(event, p.bidderId, '/properties-for-auction', {
      title: { en: 'Bidding fee not paid', ar: 'لم تُدفع رسوم المزايدة' },
      body: {
        en: `Your bidding fee of ${price} did not go through, so your bid was not placed. You can bid again.`,
        ar: `لم تتم عملية دفع رسوم المزايدة بمبلغ ${isolate(price)}، لذلك لم تُسجل مزايدتك. يمكنك المزايدة مجددًا.`,
      },
      sms: sms({
        en: `your bidding fee of ${price} was not paid, so your bid was not placed.`,
        ar: `لم تُدفع رسوم المزايدة (${isolate(price)})، لذلك لم تُسجل مزايدتك.`,
      }),
    });
  }

  /**
   * The unit booking's payment went through. A payment that arrives after the hold was released
   * may still be refunded (the unit was taken meanwhile: `payments.payment.refunded` v2 then says
   * so), so the notice says the money was received, not that the unit is the customer's. v2
   * names what was booked (project · layout · unit) in the recipient's language; a v1 (from
   * before it) says "your unit".
   */
  @EventPattern(unitBookingPaidV1.type)
  async unitBookingPaid(
    @Payload(
      new ParseEventPipe<typeof unitBookingPaidV1.payload | typeof unitBookingPaidV2.payload>(
        unitBookingPaidV1,
        unitBookingPaidV2,
      ),
    )
    event: EventOf<typeof unitBookingPaidV1 | typeof unitBookingPaidV2>,
  ): Promise<void> {
    const p = event.payload;
    const price = amount(p.amount, p.currency);
    const unit = bookedUnit(p);
    await this.deliver.toOne(event, p.customerId, '/my-orders', {
      title: { en: 'Unit booking payment received', ar: 'تم استلام دفعة حجز الوحدة' },
      body: {
        en: `We received your payment of ${price} to book ${unit ? unit.en : 'your unit'}. You can follow the booking in My orders.`,
        ar: `استلمنا دفعتك بمبلغ ${isolate(price)} لحجز ${unit ? isolate(unit.ar) : 'الوحدة'}. يمكنك متابعة الحجز من صفحة طلباتي.`,
      },
    });
  }

  /** The unit booking's checkout failed or expired: listings releases the unit (v2 names it). */
  @EventPattern(unitBookingFailedV1.type)
  async unitBookingFailed(
    @Payload(
      new ParseEventPipe<typeof unitBookingFailedV1.payload | typeof unitBookingFailedV2.payload>(
        unitBookingFailedV1,
        unitBookingFailedV2,
      ),
    )
    event: EventOf<typeof unitBookingFailedV1 | typeof unitBookingFailedV2>,
  ): Promise<void> {
    const p = event.payload;
    const price = amount(p.amount, p.currency);
    const unit = bookedUnit(p);
    await this.deliver.toOne(event, p.customerId, '/my-orders', {
      title: { en: 'Unit booking not paid', ar: 'لم تُدفع قيمة حجز الوحدة' },
      body: {
        en: `Your payment of ${price} to book ${unit ? unit.en : 'a unit'} did not go through, so the unit is no longer held for you. You can book it again while it is available.`,
        ar: `لم تتم عملية دفع مبلغ ${isolate(price)} لحجز ${unit ? isolate(unit.ar) : 'الوحدة'}، لذلك لم تعد الوحدة محجوزة لك. يمكنك حجزها مجددًا ما دامت متاحة.`,
      },
      sms: sms(
        unit
          ? {
              en: `your booking of ${clip(unit.en)} (${price}) was not paid, so the unit is no longer held for you.`,
              ar: `لم تُدفع قيمة حجز ${isolate(clip(unit.ar))} (${isolate(price)})، لذلك لم تعد الوحدة محجوزة لك.`,
            }
          : {
              en: `your unit booking (${price}) was not paid, so the unit is no longer held for you.`,
              ar: `لم تُدفع قيمة حجز الوحدة (${isolate(price)})، لذلك لم تعد الوحدة محجوزة لك.`,
            },
      ),
    });
  }

  /**
   * A refund (by an admin, at the provider, or one another service said was due); a refunded
   * plan says it has ended too, a unit booking (v2) names what was booked, unit and project.
   */
  @EventPattern(paymentRefundedV1.type)
  async refunded(
    @Payload(
      new ParseEventPipe<typeof paymentRefundedV1.payload | typeof paymentRefundedV2.payload>(
        paymentRefundedV1,
        paymentRefundedV2,
      ),
    )
    event: EventOf<typeof paymentRefundedV1 | typeof paymentRefundedV2>,
  ): Promise<void> {
    const p = event.payload;
    const price = amount(p.amount, p.currency);
    const booking = 'unitBooking' in p ? p.unitBooking : null;
    if (booking) {
      await this.deliver.once(event, [
        {
          accountId: p.accountId,
          kind: event.type,
          link: '/my-orders',
          title: { en: 'Your unit booking was refunded', ar: 'تم استرداد مبلغ حجز الوحدة' },
          body: {
            en: `${price} paid to book ${booking.title.en} was refunded to you.`,
            ar: `تم رد مبلغ ${isolate(price)} المدفوع لحجز ${isolate(booking.title.ar)} إليك.`,
          },
        },
      ]);
      return;
    }
    const plan = p.subscriptionId !== null;
    await this.deliver.toOne(event, p.accountId, plan ? '/' : null, {
      title: { en: 'Your payment was refunded', ar: 'تم استرداد دفعتك' },
      body: {
        en: `${price} was refunded to you.${plan ? ' The plan it bought has ended.' : ''}`,
        ar: `تم رد مبلغ ${isolate(price)} إليك.${plan ? ' انتهت الباقة التي اشتريتها به.' : ''}`,
      },
    });
  }

  @EventPattern(subscriptionExpiringV1.type)
  async expiring(
    @Payload(new ParseEventPipe(subscriptionExpiringV1))
    event: EventOf<typeof subscriptionExpiringV1>,
  ): Promise<void> {
    const p = event.payload;
    const zone = SITE_TIME_ZONE[event.site];
    await this.deliver.toOne(event, p.accountId, '/', {
      title: { en: 'Your subscription ends soon', ar: 'اشتراكك ينتهي قريبًا' },
      body: {
        en: `Your ${p.plan} plan ends on ${formatAppointmentDate(p.endsAt, zone, 'en')}. Renew it from the home page to keep your listings and agents.`,
        ar: `تنتهي باقة ${isolate(p.plan)} في ${isolate(formatAppointmentDate(p.endsAt, zone, 'ar'))}. جدّدها من الصفحة الرئيسية للحفاظ على عقاراتك ووسطائك.`,
      },
    });
  }

  @EventPattern(planPaymentFailedV1.type)
  async paymentFailed(
    @Payload(new ParseEventPipe(planPaymentFailedV1))
    event: EventOf<typeof planPaymentFailedV1>,
  ): Promise<void> {
    const p = event.payload;
    await this.deliver.toOne(event, p.accountId, '/', {
      title: { en: 'Your payment failed', ar: 'لم تتم عملية الدفع' },
      body: {
        en: `Your payment for the ${p.plan} plan did not go through, so the plan is not active. Please try again or contact us.`,
        ar: `لم تكتمل عملية دفع باقة ${isolate(p.plan)}، لذلك لم تُفعَّل الباقة. يرجى المحاولة مرة أخرى أو التواصل معنا.`,
      },
      sms: sms({
        en: `your payment for the ${clip(p.plan)} plan failed. Please try again.`,
        ar: `لم تكتمل عملية دفع باقة ${isolate(clip(p.plan))}. يرجى المحاولة مرة أخرى.`,
      }),
    });
  }
}

/** What a unit booking booked, in both languages (v2's `booked`); null for a v1 or when unknown. */
function bookedUnit(payload: { bookingId: string; booked?: { title: Bilingual } | null }): Bilingual | null {
  return payload.booked?.title ?? null;
}
