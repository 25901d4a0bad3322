import type { Appointment } from '@manzil/contracts';

export interface AppointmentRow {
  id: string;
  kind: Appointment['kind'];
  status: Appointment['status'];
  property_id: string | null;
  slug: string | null;
  title_en: string | null;
  title_ar: string | null;
  agent_id: string;
  company_id: string | null;
  customer_id: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  note: string;
  starts_at: Date;
  time_zone: string;
  created_at: Date;
  decided_at: Date | null;
}

/** An appointment with the property's slug and public titles (the draft's before a first approval). */
export const APPOINTMENT_SELECT = `SELECT a.*, p."slug",
    COALESCE(p."title_en", p."draft"->'title'->>'en', '') AS "title_en",
    COALESCE(p."title_ar", p."draft"->'title'->>'ar', '') AS "title_ar"
  FROM "appointments" a LEFT JOIN "properties" p ON p."id" = a."property_id"`;

const iso = (value: Date) => new Date(value).toISOString();

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    startsAt: iso(row.starts_at),
    timeZone: row.time_zone,
    property:
      row.property_id && row.slug !== null
        ? { id: row.property_id, slug: row.slug, title: { en: row.title_en ?? '', ar: row.title_ar ?? '' } }
        : null,
    agentId: row.agent_id,
    customer: {
      id: row.customer_id,
      name: row.customer_name,
      phone: row.customer_phone,
      email: row.customer_email,
    },
    note: row.note,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at ? iso(row.decided_at) : null,
  };
}

/** The facts every appointment event carries. */
export function eventFacts(appointment: Appointment) {
  return {
    appointmentId: appointment.id,
    kind: appointment.kind,
    agentId: appointment.agentId,
    customerId: appointment.customer.id,
    startsAt: appointment.startsAt,
    timeZone: appointment.timeZone,
    property: appointment.property,
    customer: {
      name: appointment.customer.name,
      phone: appointment.customer.phone,
      email: appointment.customer.email,
    },
  };
}
