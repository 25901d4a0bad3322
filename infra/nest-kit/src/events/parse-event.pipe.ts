import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import type { EventEnvelope } from '@manzil/contracts';

/** An event definition of the contracts (`listingApprovedV1`): its type, version and payload schema. */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly version: number;
  readonly payload: S;
}

/**
 * The envelope a handler of these definitions receives, its payload typed by their schemas:
 * `EventOf<typeof bidPlacedV1>`, or for several versions `EventOf<typeof unitBookingPaidV1 |
 * typeof unitBookingPaidV2>` (the payload is then the union of the versions' payloads).
 */
export type EventOf<D extends EventDefinition> = EventEnvelope<z.infer<D['payload']>>;

export class UnsupportedEventVersionError extends Error {
  constructor(event: EventEnvelope, versions: number[]) {
    super(`${event.type} v${event.version} is not handled here (handled versions: ${versions.join(', ')})`);
    this.name = 'UnsupportedEventVersionError';
  }
}

/**
 * `@Payload(new ParseEventPipe(listingApprovedV1))`: the envelope with its payload parsed by
 * the definition's schema. The pattern names the type only; the versions a handler takes are
 * the definitions given here. Another version, or a payload the schema refuses, is an error of
 * the handler: it goes the retry → dead-letter path, so nothing is dropped while a consumer
 * catches up with a producer's new version (replay the dead letters once it has).
 */
export class ParseEventPipe<S extends z.ZodType> implements PipeTransform<
  EventEnvelope,
  EventEnvelope<z.infer<S>>
> {
  private readonly definitions: EventDefinition<S>[];

  constructor(...definitions: EventDefinition<S>[]) {
    this.definitions = definitions;
  }

  transform(event: EventEnvelope): EventEnvelope<z.infer<S>> {
    const definition = this.definitions.find((d) => d.type === event.type && d.version === event.version);
    if (!definition)
      throw new UnsupportedEventVersionError(
        event,
        this.definitions.map((d) => d.version),
      );
    return { ...event, payload: definition.payload.parse(event.payload) };
  }
}
