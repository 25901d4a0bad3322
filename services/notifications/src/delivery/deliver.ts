import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { EventInbox } from '@manzil/nest-kit';
import { SmsQueue } from '../sms/sms-delivery.job.js';
import { EmailDispatcher } from './email-dispatcher.js';
import { Notifier, type NotificationDraft } from './notifier.js';

/**
 * What every handler does with an event: once per event (inbox `notifications`), work out the
 * recipients (`drafts`, which may read this service's tables), write their notifications and
 * queue their e-mails and text messages in one transaction, then wake the e-mail dispatcher and
 * hand the text messages to their BullMQ job.
 */
@Injectable()
export class Deliver {
  private readonly logger = new Logger('deliver');

  constructor(
    private readonly inbox: EventInbox,
    private readonly notifier: Notifier,
    private readonly dispatcher: EmailDispatcher,
    private readonly smsQueue: SmsQueue,
  ) {}

  /** The common case: an event tells one person, about the page `link`, with `text`. */
  toOne(
    event: EventEnvelope,
    accountId: string,
    link: string | null,
    text: Pick<NotificationDraft, 'title' | 'body' | 'email' | 'sms'>,
  ): Promise<void> {
    return this.once(event, [{ accountId, kind: event.type, link, ...text }]);
  }

  async once(
    event: EventEnvelope,
    drafts: NotificationDraft[] | ((manager: EntityManager) => Promise<NotificationDraft[]>),
  ): Promise<void> {
    let smsIds: string[] = [];
    const handled = await this.inbox.handleOnce(event, async (manager) => {
      const notified = await this.notifier.notify(
        manager,
        event,
        typeof drafts === 'function' ? await drafts(manager) : drafts,
      );
      smsIds = notified.smsIds;
    });
    if (!handled) return;
    this.dispatcher.kick();
    // The rows are committed: a failure here loses nothing (the next start adds them again).
    await this.smsQueue.add(smsIds).catch((error: unknown) => {
      this.logger.error({ err: error, eventId: event.id }, 'text messages not queued');
    });
  }
}
