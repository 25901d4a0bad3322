import { z } from 'zod';

const appointmentFacts = {
  appointmentId: z.uuid(),
  kind: z.enum(['viewing', 'meeting']),
  agentId: z.uuid(),
  customerId: z.uuid(),
  /** The slot's start (UTC) and the site's time zone it was booked in. */
  startsAt: z.iso.datetime(),
  timeZone: z.string().min(1),
  /** The property to view (a meeting about a listing names it too), with its titles for messages. */
  property: z
    .object({ id: z.uuid(), slug: z.string(), title: z.object({ en: z.string(), ar: z.string() }) })
    .nullable(),
  /** The customer's contact as given in the booking, so the agent can be told who is coming. */
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
};

/**
 * appointment.requested v1: a customer booked a viewing or asked for a meeting; it waits for
 * the agent. Published by listings on `listings.appointment`, keyed by the appointment id.
 * Notifications tells the agent.
 */
export const appointmentRequestedV1 = {
  type: 'appointment.requested',
  version: 1,
  payload: z.object(appointmentFacts),
} as const;

/** appointment.accepted v1: the agent accepted; the customer is told. */
export const appointmentAcceptedV1 = {
  type: 'appointment.accepted',
  version: 1,
  payload: z.object({ ...appointmentFacts, decidedAt: z.iso.datetime() }),
} as const;

/** appointment.rejected v1: the agent declined; the slot is free again; the customer is told. */
export const appointmentRejectedV1 = {
  type: 'appointment.rejected',
  version: 1,
  payload: z.object({ ...appointmentFacts, decidedAt: z.iso.datetime() }),
} as const;

/**
 * appointment.canceled v1: the customer called off a pending or accepted appointment; the slot
 * is free again; the agent is told. `previousStatus` says whether the agent had accepted it.
 */
export const appointmentCanceledV1 = {
  type: 'appointment.canceled',
  version: 1,
  payload: z.object({
    ...appointmentFacts,
    previousStatus: z.enum(['pending', 'accepted']),
    canceledAt: z.iso.datetime(),
  }),
} as const;
