import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import {
  APPOINTMENT_MAX_DAYS_AHEAD,
  appointmentRequestedV1,
  fieldMessage,
  SITE_TIME_ZONE,
  TOPICS,
  zonedInstant,
  type Appointment,
  type AppointmentRequest,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { APPOINTMENT_SELECT, eventFacts, toAppointment, type AppointmentRow } from './appointment-view.js';

const DAY_MS = 86_400_000;
const fieldError = (field: string, key: string) =>
  new AppException('VALIDATION_FAILED', 422, [
    { field, message: fieldMessage(key, currentContext()?.language ?? 'en') },
  ]);
const UNIQUE_VIOLATION = '23505';

interface PropertyRow {
  id: string;
  slug: string;
  title_en: string;
  title_ar: string;
  agent_id: string | null;
  company_id: string | null;
}

/** Publishes an appointment event through the outbox, in the caller's transaction. */
export async function publishAppointmentEvent<S extends z.ZodType>(
  manager: EntityManager,
  site: Site,
  appointmentId: string,
  definition: { type: string; version: number; payload: S },
  payload: z.infer<S>,
): Promise<void> {
  await enqueue(
    manager,
    TOPICS.listingsAppointment,
    newEvent(definition, site, appointmentId, definition.payload.parse(payload), currentContext()?.requestId),
  );
}

/**
 * A customer books a viewing of a public property (its agent receives it) or asks an agent for
 * a meeting. The slot is the site's local date and half-hour; the agent's slot must be free: the
 * partial unique index decides, so two customers pressing at once cannot both get it (422
 * APPOINTMENT_SLOT_TAKEN for the second, not 409, which logs the client out).
 */
@Injectable()
export class BookAppointment {
  constructor(private readonly dataSource: DataSource) {}

  async execute(site: Site, user: AuthUser, body: AppointmentRequest): Promise<Appointment> {
    const timeZone = SITE_TIME_ZONE[site];
    const startsAt = zonedInstant(body.date, body.time, timeZone);
    const now = Date.now();
    if (startsAt.getTime() <= now) throw fieldError('time', 'appointment.inPast');
    if (startsAt.getTime() > now + APPOINTMENT_MAX_DAYS_AHEAD * DAY_MS)
      throw fieldError('date', 'appointment.tooFar');

    let property: PropertyRow | null = null;
    if (body.propertyId) {
      const rows = (await this.dataSource.query(
        `SELECT "id", "slug", "title_en", "title_ar", "agent_id", "company_id" FROM "properties"
         WHERE "id" = $1 AND "site" = $2 AND "approved_at" IS NOT NULL AND "state" = 'active'`,
        [body.propertyId, site],
      )) as PropertyRow[];
      property = rows[0] ?? null;
      if (!property) throw new AppException('NOT_FOUND');
    }
    let agentId: string | null = null;
    let companyId: string | null = null;
    if (body.kind === 'meeting' && body.agentId) {
      const agents = (await this.dataSource.query(
        `SELECT "account_id", "company_id" FROM "listing_accounts"
         WHERE "account_id" = $1 AND "site" = $2 AND "role" = 'agent' AND "deleted_at" IS NULL`,
        [body.agentId, site],
      )) as { account_id: string; company_id: string | null }[];
      if (!agents[0]) throw new AppException('APPOINTMENT_AGENT_UNKNOWN', 422);
      agentId = agents[0].account_id;
      companyId = agents[0].company_id;
    } else if (property) {
      agentId = property.agent_id;
      companyId = property.company_id;
    }
    if (!agentId) throw new AppException('APPOINTMENT_AGENT_UNKNOWN', 422);

    const id = randomUUID();
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO "appointments" ("id", "site", "kind", "property_id", "agent_id", "company_id", "customer_id",
             "customer_name", "customer_phone", "customer_email", "note", "starts_at", "time_zone")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            id,
            site,
            body.kind,
            property?.id ?? null,
            agentId,
            companyId,
            user.id,
            body.name,
            body.phone,
            body.email,
            body.note ?? '',
            startsAt,
            timeZone,
          ],
        );
        const rows = (await manager.query(`${APPOINTMENT_SELECT} WHERE a."id" = $1`, [
          id,
        ])) as AppointmentRow[];
        const appointment = toAppointment(rows[0]);
        await publishAppointmentEvent(manager, site, id, appointmentRequestedV1, eventFacts(appointment));
        return appointment;
      });
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION)
        throw new AppException('APPOINTMENT_SLOT_TAKEN', 422);
      throw error;
    }
  }
}
