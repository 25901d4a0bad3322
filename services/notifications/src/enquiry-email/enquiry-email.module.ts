import { type DynamicModule, Module } from '@nestjs/common';
import { enquiryEmailSettings, type EnquiryEmailConfig } from './enquiry-email.config.js';
import { AgentContacts, EnquiryEmailSender } from './enquiry-email.sender.js';
import { EnquiryReceivedHandler } from './enquiry-received.handler.js';

/** E-mail to the agent on `enquiry.received` (its own module beside the in-app notifications). */
@Module({})
export class EnquiryEmailModule {
  static forRoot(config: EnquiryEmailConfig): DynamicModule {
    const settings = enquiryEmailSettings(config);
    return {
      module: EnquiryEmailModule,
      controllers: [EnquiryReceivedHandler],
      providers: [
        { provide: EnquiryEmailSender, useValue: new EnquiryEmailSender(settings) },
        { provide: AgentContacts, useValue: new AgentContacts(settings.identityUrl) },
      ],
    };
  }
}
