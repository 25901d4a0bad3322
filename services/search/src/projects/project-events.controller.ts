import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  projectPublishedV1,
  projectUnpublishedV1,
  projectUpdatedV1,
  unitAddedV1,
  unitStatusChangedV1,
  unitUpdatedV1,
  type EventEnvelope,
  type PublicProject,
  type Unit,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import type { z } from 'zod';
import { ProjectReadStore } from './project-read.store.js';

type UnitEvent = z.infer<typeof unitAddedV1.payload>;
const unitOf = ({ availableUnits, ...unit }: UnitEvent): Unit => (void availableUnits, unit);

/**
 * Keeps the projects read model in step with listings (topic `listings.project`): a published or
 * updated project is upserted whole, a unit's events change that unit and the available count.
 * Each event is applied once (inbox `search`); a payload the contracts refuse goes the retry →
 * dead-letter path.
 */
@Controller()
export class ProjectEventsController {
  constructor(
    private readonly inbox: EventInbox,
    private readonly store: ProjectReadStore,
  ) {}

  @EventPattern(projectPublishedV1.type)
  async published(
    @Payload(new ParseEventPipe(projectPublishedV1))
    event: EventOf<typeof projectPublishedV1>,
  ): Promise<void> {
    this.sameSite(event);
    await this.inbox.handleOnce(event, (tx) =>
      this.store.upsert(tx, event.payload, new Date(event.occurredAt)),
    );
  }

  @EventPattern(projectUpdatedV1.type)
  async updated(
    @Payload(new ParseEventPipe(projectUpdatedV1)) event: EventEnvelope<PublicProject>,
  ): Promise<void> {
    this.sameSite(event);
    await this.inbox.handleOnce(event, (tx) =>
      this.store.upsert(tx, event.payload, new Date(event.occurredAt)),
    );
  }

  /** An admin took the project off: it leaves the list and its page (units go with its row). */
  @EventPattern(projectUnpublishedV1.type)
  async unpublished(
    @Payload(new ParseEventPipe(projectUnpublishedV1))
    event: EventOf<typeof projectUnpublishedV1>,
  ): Promise<void> {
    this.sameSite(event);
    await this.inbox.handleOnce(event, (tx) =>
      this.store.remove(tx, event.site, event.payload.id, new Date(event.occurredAt)),
    );
  }

  @EventPattern(unitAddedV1.type)
  async unitAdded(@Payload(new ParseEventPipe(unitAddedV1)) event: EventEnvelope<UnitEvent>): Promise<void> {
    await this.upsertUnit(event);
  }

  @EventPattern(unitUpdatedV1.type)
  async unitUpdated(
    @Payload(new ParseEventPipe(unitUpdatedV1)) event: EventEnvelope<UnitEvent>,
  ): Promise<void> {
    await this.upsertUnit(event);
  }

  @EventPattern(unitStatusChangedV1.type)
  async unitStatusChanged(
    @Payload(new ParseEventPipe(unitStatusChangedV1))
    event: EventOf<typeof unitStatusChangedV1>,
  ): Promise<void> {
    const { id, projectId, to, availableUnits } = event.payload;
    await this.inbox.handleOnce(event, (tx) =>
      this.store.changeUnit(
        tx,
        event.site,
        projectId,
        (units) => units.map((unit) => (unit.id === id ? { ...unit, status: to } : unit)),
        availableUnits,
        new Date(event.occurredAt),
      ),
    );
  }

  private async upsertUnit(event: EventEnvelope<UnitEvent>): Promise<void> {
    const unit = unitOf(event.payload);
    await this.inbox.handleOnce(event, (tx) =>
      this.store.changeUnit(
        tx,
        event.site,
        unit.projectId,
        (units) =>
          [...units.filter((u) => u.id !== unit.id), unit].sort(
            (a, b) => a.price - b.price || a.id.localeCompare(b.id),
          ),
        event.payload.availableUnits,
        new Date(event.occurredAt),
      ),
    );
  }

  private sameSite(event: EventEnvelope<{ id: string; site: string }>): void {
    if (event.payload.site !== event.site)
      throw new Error(`project ${event.payload.id} of ${event.payload.site} sent as ${event.site}`);
  }
}
