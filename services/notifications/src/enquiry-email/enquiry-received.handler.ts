import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { enquiryReceivedV1, type EventEnvelope } from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';
import { enquiryEmail } from './enquiry-email.js';
import { EMAIL_SENDER, type EmailSender } from '../email/email-sender.js';
import { AgentContacts } from './agent-contacts.js';

type EnquiryReceived = EventEnvelope<z.infer<(typeof enquiryReceivedV1)['payload']>>;

/**
 * `enquiry.received` v1 → an e-mail to the listing's agent (spec §1 "send enquiries"), once per
 * event (inbox `notifications`): the e-mail is sent inside the inbox transaction, so a failed
 * send leaves the event unhandled and the bus delivers it again.
 */
@Controller()
export class EnquiryReceivedHandler {
  private readonly logger = new Logger(EnquiryReceivedHandler.name);

  constructor(
    private readonly inbox: EventInbox,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
    @Inject(AgentContacts) private readonly contacts: AgentContacts,
  ) {}

  @EventPattern(enquiryReceivedV1.type)
  async handle(@Payload(new ParseEventPipe(enquiryReceivedV1)) event: EnquiryReceived): Promise<void> {
    await this.inbox.handleOnce(event, async () => {
      const { agentId } = event.payload;
      const to = agentId ? await this.contacts.emailOf(event.site, agentId) : null;
      if (!to) {
        this.logger.warn({ enquiryId: event.payload.enquiryId }, 'enquiry: the agent has no public e-mail');
        return;
      }
      await this.sender.send({ to, ...enquiryEmail(event.payload) });
    });
  }
}
