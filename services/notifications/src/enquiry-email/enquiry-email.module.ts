import { type DynamicModule, Module } from '@nestjs/common';
import { createEmailSender, EMAIL_SENDER } from '../email/email-sender.js';
import { AgentContacts } from './agent-contacts.js';
import { identityUrlOf, type EnquiryEmailConfig } from './enquiry-email.config.js';
import { EnquiryReceivedHandler } from './enquiry-received.handler.js';

/**
 * E-mail to the agent on `enquiry.received` (its own module beside the in-app notifications),
 * through the service's one e-mail port (SMTP in production, the sandbox's sink otherwise).
 */
@Module({})
export class EnquiryEmailModule {
  static forRoot(config: EnquiryEmailConfig): DynamicModule {
    return {
      module: EnquiryEmailModule,
      controllers: [EnquiryReceivedHandler],
      providers: [
        { provide: EMAIL_SENDER, useFactory: () => createEmailSender(config) },
        { provide: AgentContacts, useValue: new AgentContacts(identityUrlOf(config)) },
      ],
    };
  }
}
