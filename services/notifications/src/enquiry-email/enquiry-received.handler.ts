import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { ENQUIRY_TYPE_LABELS, enquiryReceivedV1, type EventEnvelope, type Language } from '@manzil/contracts';
import { ParseEventPipe, ProviderOutcomeUnknown, type OutgoingEmail } from '@manzil/nest-kit';
import { Deliver } from '../delivery/deliver.js';
import { clip, isolate, sms, type NotificationDraft } from '../delivery/notifier.js';
import { enquiryEmail } from './enquiry-email.js';
import { OUTCOME_UNKNOWN_TIMEOUT } from '../delivery/send-claim.js';
import { EMAIL_SENDER, type EmailSender } from '../email/email-sender.js';
import { AgentContacts } from './agent-contacts.js';

type EnquiryReceived = EventEnvelope<z.infer<(typeof enquiryReceivedV1)['payload']>>;

/** The agent's in-app notice and text message of an enquiry (the lead itself goes by e-mail). */
function enquiryNotice(p: EnquiryReceived['payload'], agentId: string): NotificationDraft {
  const label = ENQUIRY_TYPE_LABELS[p.type];
  const title = {
    en: p.propertyTitle.en || p.propertyTitle.ar,
    ar: p.propertyTitle.ar || p.propertyTitle.en,
  };
  return {
    accountId: agentId,
    kind: 'enquiry.received',
    link: '/enquiries',
    title: { en: `New enquiry: ${label.en}`, ar: `استفسار جديد: ${label.ar}` },
    body: {
      en: `${p.customer.name} sent "${label.en}" about ${title.en}.`,
      ar: `أرسل ${isolate(p.customer.name)} «${label.ar}» بخصوص ${isolate(title.ar)}.`,
    },
    // The enquiry e-mail (below) is the e-mail of this event.
    email: false,
    sms: sms({
      en: `new enquiry (${label.en}) about ${clip(title.en)}. See Enquiries.`,
      ar: `استفسار جديد (${label.ar}) بخصوص ${isolate(clip(title.ar))}. راجع الاستفسارات.`,
    }),
  };
}

/**
 * `enquiry.received` v1 → an e-mail to the listing's agent (spec §1 "send enquiries"), an in-app
 * notice and a text message, once per event (inbox `notifications`, through `Deliver`): the
 * e-mail is sent inside the inbox transaction, so a refused send leaves the event unhandled and
 * the bus delivers it again; one the provider did not answer in time is not (it may have left).
 */
@Controller()
export class EnquiryReceivedHandler {
  private readonly logger = new Logger(EnquiryReceivedHandler.name);

  constructor(
    private readonly deliver: Deliver,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
    @Inject(AgentContacts) private readonly contacts: AgentContacts,
  ) {}

  @EventPattern(enquiryReceivedV1.type)
  async handle(@Payload(new ParseEventPipe(enquiryReceivedV1)) event: EnquiryReceived): Promise<void> {
    await this.deliver.once(event, async (manager) => {
      const { agentId } = event.payload;
      const to = agentId ? await this.contacts.emailOf(event.site, agentId) : null;
      if (to) {
        // The agent's language as identity last said it (`identity.account.channels`), else English.
        const [recipient] = (await manager.query(
          `SELECT "language" FROM "recipients" WHERE "account_id" = $1`,
          [agentId],
        )) as { language: Language | null }[];
        await this.sendOnce(to, enquiryEmail(event.payload, recipient?.language ?? 'en'), event);
      } else
        this.logger.warn({ enquiryId: event.payload.enquiryId }, 'enquiry: the agent has no public e-mail');
      return agentId ? [enquiryNotice(event.payload, agentId)] : [];
    });
  }

  /**
   * A refusal throws (the event is handled again, the e-mail asked again: nothing was sent); a
   * provider that did not answer in time may have taken it, so the event goes on without it
   * (the in-app notice and text still go): redelivering would e-mail the lead twice.
   */
  private async sendOnce(
    to: string,
    email: Omit<OutgoingEmail, 'to'>,
    event: EnquiryReceived,
  ): Promise<void> {
    try {
      await this.sender.send({ to, ...email });
    } catch (error) {
      if (!(error instanceof ProviderOutcomeUnknown)) throw error;
      this.logger.warn(
        { enquiryId: event.payload.enquiryId, reason: OUTCOME_UNKNOWN_TIMEOUT },
        'enquiry e-mail: the provider did not answer; not sent again',
      );
    }
  }
}
