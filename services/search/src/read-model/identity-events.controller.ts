import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { accountDeletedV1, agentContactV1, type EventEnvelope } from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';
import { AgentContacts, type AgentContactEvent } from '../directory/agent-contacts.js';
import { SearchCache } from '../engines/search-cache.js';

/**
 * Identity's events search reads (topic `identity.account`): `identity.agent.contact` keeps how
 * to reach an agent for the property page's agent card; `identity.account.deleted` forgets it.
 * Once per event (inbox), then the site's cached answers (the detail carries the contact) go.
 */
@Controller()
export class IdentityEventsController {
  constructor(
    private readonly inbox: EventInbox,
    private readonly contacts: AgentContacts,
    private readonly cache: SearchCache,
  ) {}

  @EventPattern(agentContactV1.type)
  async agentContact(
    @Payload(new ParseEventPipe(agentContactV1)) event: EventEnvelope<AgentContactEvent>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (tx) =>
      this.contacts.save(tx, event.site, event.payload, new Date(event.occurredAt)),
    );
    await this.cache.invalidate(event.site);
  }

  @EventPattern(accountDeletedV1.type)
  async accountDeleted(
    @Payload(new ParseEventPipe(accountDeletedV1)) event: EventEnvelope<{ accountId: string }>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (tx) => this.contacts.forget(tx, event.payload.accountId));
    await this.cache.invalidate(event.site);
  }
}
