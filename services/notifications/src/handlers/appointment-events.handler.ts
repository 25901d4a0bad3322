import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  appointmentAcceptedV1,
  appointmentCanceledV1,
  appointmentRejectedV1,
  appointmentRequestedV1,
  formatAppointmentDate,
  formatAppointmentTime,
} from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { isolate, sms, type Bilingual } from '../delivery/notifier.js';

type Requested = EventOf<typeof appointmentRequestedV1>;
type Decided = EventOf<typeof appointmentAcceptedV1>;
type Canceled = EventOf<typeof appointmentCanceledV1>;

/** The appointment's date ("01 Dec, 2026") and time ("03:30 PM") in both languages, in its time zone (spec §9). */
function dateAndTime(p: Requested['payload']): { date: Bilingual; time: Bilingual } {
  return {
    date: {
      en: formatAppointmentDate(p.startsAt, p.timeZone, 'en'),
      ar: formatAppointmentDate(p.startsAt, p.timeZone, 'ar'),
    },
    time: {
      en: formatAppointmentTime(p.startsAt, p.timeZone, 'en'),
      ar: formatAppointmentTime(p.startsAt, p.timeZone, 'ar'),
    },
  };
}

/** "viewing on 01 Dec, 2026 at 03:30 PM": what a text message says of it. */
function when(p: Requested['payload']): Bilingual {
  const { date, time } = dateAndTime(p);
  return {
    en: `${p.kind === 'viewing' ? 'viewing' : 'meeting'} on ${date.en} at ${time.en}`,
    ar: `${p.kind === 'viewing' ? 'معاينة' : 'اجتماع'} يوم ${isolate(date.ar)} الساعة ${isolate(time.ar)}`,
  };
}

/** "a viewing of Marina view on 01 Dec, 2026 at 03:30 PM", in both languages (spec §9 formats). */
function what(p: Requested['payload']): Bilingual {
  const { date, time } = dateAndTime(p);
  const en = p.kind === 'viewing' ? 'viewing' : 'meeting';
  const ar = p.kind === 'viewing' ? 'معاينة' : 'اجتماع';
  const title = p.property
    ? { en: ` of ${p.property.title.en}`, ar: ` ${isolate(p.property.title.ar || p.property.title.en)}` }
    : { en: '', ar: '' };
  return {
    en: `${en}${title.en} on ${date.en} at ${time.en}`,
    ar: `${ar}${p.property ? ` لعقار${title.ar}` : ''} يوم ${isolate(date.ar)} الساعة ${isolate(time.ar)}`,
  };
}

/**
 * appointment.requested / accepted / rejected / canceled (listings): the agent is asked, the
 * customer answered, and the agent told when the customer calls one off.
 */
@Controller()
export class AppointmentEventsHandler {
  constructor(private readonly deliver: Deliver) {}

  @EventPattern(appointmentRequestedV1.type)
  async requested(@Payload(new ParseEventPipe(appointmentRequestedV1)) event: Requested): Promise<void> {
    const p = event.payload;
    const about = what(p);
    await this.deliver.once(event, [
      {
        accountId: p.agentId,
        kind: event.type,
        link: '/profile?tab=appointments',
        title: { en: 'New appointment request', ar: 'طلب موعد جديد' },
        body: {
          en: `${p.customer.name} asked for a ${about.en}. Please accept or reject it.`,
          ar: `طلب ${isolate(p.customer.name)} ${about.ar}. يرجى قبوله أو رفضه.`,
        },
        sms: sms({
          en: `new request for a ${when(p).en}. Accept or reject it in My appointment.`,
          ar: `طلب جديد: ${when(p).ar}. اقبله أو ارفضه من صفحة مواعيدي.`,
        }),
      },
    ]);
  }

  @EventPattern(appointmentAcceptedV1.type)
  async accepted(@Payload(new ParseEventPipe(appointmentAcceptedV1)) event: Decided): Promise<void> {
    const about = what(event.payload);
    await this.deliver.once(event, [
      {
        accountId: event.payload.customerId,
        kind: event.type,
        link: '/profile?tab=appointments',
        email: event.payload.customer.email,
        title: { en: 'Your appointment is confirmed', ar: 'تم تأكيد موعدك' },
        body: {
          en: `The agent accepted your ${about.en}.`,
          ar: `قبل الوسيط طلب ${about.ar}.`,
        },
        sms: sms({
          en: `your ${when(event.payload).en} is confirmed.`,
          ar: `تم تأكيد ${when(event.payload).ar}.`,
        }),
      },
    ]);
  }

  @EventPattern(appointmentRejectedV1.type)
  async rejected(@Payload(new ParseEventPipe(appointmentRejectedV1)) event: Decided): Promise<void> {
    const about = what(event.payload);
    await this.deliver.once(event, [
      {
        accountId: event.payload.customerId,
        kind: event.type,
        link: '/profile?tab=appointments',
        email: event.payload.customer.email,
        title: { en: 'Your appointment was declined', ar: 'تم رفض موعدك' },
        body: {
          en: `The agent cannot make your ${about.en}. Please choose another time.`,
          ar: `لا يستطيع الوسيط حضور ${about.ar}. يرجى اختيار وقت آخر.`,
        },
        sms: sms({
          en: `your ${when(event.payload).en} was declined. Please choose another time.`,
          ar: `تم رفض ${when(event.payload).ar}. يرجى اختيار وقت آخر.`,
        }),
      },
    ]);
  }

  /** The customer called off a pending or accepted appointment: the agent's slot is free again. */
  @EventPattern(appointmentCanceledV1.type)
  async canceled(@Payload(new ParseEventPipe(appointmentCanceledV1)) event: Canceled): Promise<void> {
    const p = event.payload;
    const about = what(p);
    await this.deliver.once(event, [
      {
        accountId: p.agentId,
        kind: event.type,
        link: '/profile?tab=appointments',
        title: { en: 'An appointment was canceled', ar: 'تم إلغاء موعد' },
        body: {
          en: `${p.customer.name} canceled the ${about.en}. The time is free again.`,
          ar: `ألغى ${isolate(p.customer.name)} ${about.ar}. أصبح الوقت متاحًا مجددًا.`,
        },
      },
    ]);
  }
}
