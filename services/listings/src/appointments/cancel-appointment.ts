import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { appointmentCanceledV1, type Appointment, type Site } from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { APPOINTMENT_SELECT, eventFacts, toAppointment, type AppointmentRow } from './appointment-view.js';
import { publishAppointmentEvent } from './book-appointment.js';

/**
 * The customer who booked cancels a pending or accepted appointment (issue 14, "My appointment").
 * Anyone else's, or another site's, is 404 (as for the agent's decision); a rejected or already
 * canceled one 422 APPOINTMENT_NOT_CANCELABLE. The row is locked, so an agent deciding at the same
 * moment waits and then finds it canceled. `appointment.canceled` tells the agent; the slot is
 * free again (the unique index only counts pending and accepted ones).
 */
@Injectable()
export class CancelAppointment {
  constructor(private readonly dataSource: DataSource) {}

  async execute(site: Site, user: AuthUser, id: string): Promise<Appointment> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT "id", "status" FROM "appointments"
         WHERE "id" = $1 AND "site" = $2 AND "customer_id" = $3 FOR UPDATE`,
        [id, site, user.id],
      )) as { id: string; status: 'pending' | 'accepted' | 'rejected' | 'canceled' }[];
      if (!rows[0]) throw new AppException('NOT_FOUND');
      const previousStatus = rows[0].status;
      // CANCELABLE_APPOINTMENT_STATUSES (contracts): the slot is still held.
      if (previousStatus !== 'pending' && previousStatus !== 'accepted')
        throw new AppException('APPOINTMENT_NOT_CANCELABLE', 422);
      await manager.query(
        `UPDATE "appointments" SET "status" = 'canceled', "canceled_at" = now() WHERE "id" = $1`,
        [id],
      );
      const [row] = (await manager.query(`${APPOINTMENT_SELECT} WHERE a."id" = $1`, [
        id,
      ])) as (AppointmentRow & {
        canceled_at: Date;
      })[];
      const appointment = toAppointment(row);
      await publishAppointmentEvent(manager, site, id, appointmentCanceledV1, {
        ...eventFacts(appointment),
        previousStatus,
        canceledAt: new Date(row.canceled_at).toISOString(),
      });
      return appointment;
    });
  }
}
