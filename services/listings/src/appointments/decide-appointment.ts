import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  appointmentAcceptedV1,
  appointmentRejectedV1,
  type Appointment,
  type AppointmentStatusRequest,
  type Site,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { APPOINTMENT_SELECT, eventFacts, toAppointment, type AppointmentRow } from './appointment-view.js';
import { publishAppointmentEvent } from './book-appointment.js';

/**
 * Spec §4/§6: the agent accepts or rejects a pending appointment (a company, for its agents).
 * Anyone else, and another site, gets 404; an answered one 422. A rejection frees the slot
 * (the unique index only counts pending and accepted ones).
 */
@Injectable()
export class DecideAppointment {
  constructor(private readonly dataSource: DataSource) {}

  async execute(
    site: Site,
    user: AuthUser,
    id: string,
    body: AppointmentStatusRequest,
  ): Promise<Appointment> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT "id", "status" FROM "appointments"
         WHERE "id" = $1 AND "site" = $2 AND ("agent_id" = $3 OR ("company_id" = $3 AND $4 = 'company'))
         FOR UPDATE`,
        [id, site, user.id, user.role],
      )) as { id: string; status: string }[];
      if (!rows[0]) throw new AppException('NOT_FOUND');
      if (rows[0].status !== 'pending') throw new AppException('APPOINTMENT_ALREADY_DECIDED', 422);
      await manager.query(`UPDATE "appointments" SET "status" = $2, "decided_at" = now() WHERE "id" = $1`, [
        id,
        body.status,
      ]);
      const [row] = (await manager.query(`${APPOINTMENT_SELECT} WHERE a."id" = $1`, [
        id,
      ])) as AppointmentRow[];
      const appointment = toAppointment(row);
      const definition = body.status === 'accepted' ? appointmentAcceptedV1 : appointmentRejectedV1;
      await publishAppointmentEvent(manager, site, id, definition, {
        ...eventFacts(appointment),
        decidedAt: appointment.decidedAt!,
      });
      return appointment;
    });
  }
}
