import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { handleOnce } from '@manzil/bus';
import type { EventEnvelope } from '@manzil/contracts';
import { BUS_OPTIONS } from '../tokens.js';
import type { BusOptions } from '../bus.module.js';

/**
 * The idempotent inbox for `@EventPattern` handlers: `fn` runs in one transaction with the
 * inbox row (consumer = the service's group), so the handler's writes and "handled" commit
 * together, and a redelivered event is skipped. A helper, not an interceptor: the handler's
 * writes need the transaction's EntityManager, which a helper hands over in plain sight.
 */
@Injectable()
export class EventInbox {
  readonly consumer: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(BUS_OPTIONS) options: BusOptions,
  ) {
    this.consumer = options.group ?? options.clientId;
  }

  /** Returns false, without running fn, when the event was handled before. */
  handleOnce(event: EventEnvelope, fn: (manager: EntityManager) => Promise<unknown>): Promise<boolean> {
    return handleOnce(this.dataSource, this.consumer, event, async (manager) => void (await fn(manager)));
  }
}
