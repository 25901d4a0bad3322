import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { EventInbox } from '@manzil/nest-kit';
import { EmailDispatcher } from './email-dispatcher.js';
import { Notifier, type NotificationDraft } from './notifier.js';

/**
 * What every handler does with an event: once per event (inbox `notifications`), work out the
 * recipients (`drafts`, which may read this service's tables), write their notifications and
 * queue their e-mails in one transaction, then wake the e-mail dispatcher.
 */
@Injectable()
export class Deliver {
  constructor(
    private readonly inbox: EventInbox,
    private readonly notifier: Notifier,
    private readonly dispatcher: EmailDispatcher,
  ) {}

  async once(
    event: EventEnvelope,
    drafts: NotificationDraft[] | ((manager: EntityManager) => Promise<NotificationDraft[]>),
  ): Promise<void> {
    const handled = await this.inbox.handleOnce(event, async (manager) =>
      this.notifier.notify(manager, event, typeof drafts === 'function' ? await drafts(manager) : drafts),
    );
    if (handled) this.dispatcher.kick();
  }
}
