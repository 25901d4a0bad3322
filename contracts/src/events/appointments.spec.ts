import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  appointmentAcceptedV1,
  appointmentCanceledV1,
  appointmentRejectedV1,
  appointmentRequestedV1,
} from './appointments.js';
import { topicOfEvent } from './event-topics.js';
import { TOPICS } from './topics.js';

const requested = () => ({
  appointmentId: randomUUID(),
  kind: 'viewing',
  agentId: randomUUID(),
  customerId: randomUUID(),
  startsAt: '2026-12-01T06:30:00.000Z',
  timeZone: 'Asia/Dubai',
  property: { id: randomUUID(), slug: 'marina-view', title: { en: 'Marina view', ar: 'إطلالة المارينا' } },
  customer: { name: 'Sara', phone: '+971501234567', email: 'sara@example.com' },
});

describe('appointment events v1 (contract)', () => {
  it('are published on listings.appointment, version 1', () => {
    for (const def of [
      appointmentRequestedV1,
      appointmentAcceptedV1,
      appointmentRejectedV1,
      appointmentCanceledV1,
    ]) {
      expect(def.version).toBe(1);
      expect(topicOfEvent(def.type)).toBe(TOPICS.listingsAppointment);
    }
    expect(TOPICS.listingsAppointment).toBe('listings.appointment');
  });

  it('appointment.requested carries the slot, the agent, the customer and the property or null', () => {
    const event = requested();
    expect(appointmentRequestedV1.payload.parse(event)).toEqual(event);
    expect(
      appointmentRequestedV1.payload.safeParse({ ...event, kind: 'meeting', property: null }).success,
    ).toBe(true);
    expect(appointmentRequestedV1.payload.safeParse({ ...event, kind: 'call' }).success).toBe(false);
    expect(appointmentRequestedV1.payload.safeParse({ ...event, startsAt: '1 Dec' }).success).toBe(false);
    const { agentId: _omitted, ...withoutAgent } = event;
    expect(appointmentRequestedV1.payload.safeParse(withoutAgent).success).toBe(false);
  });

  it('accepted and rejected add when the agent decided', () => {
    const decided = { ...requested(), decidedAt: new Date().toISOString() };
    expect(appointmentAcceptedV1.payload.parse(decided)).toEqual(decided);
    expect(appointmentRejectedV1.payload.parse(decided)).toEqual(decided);
    expect(appointmentAcceptedV1.payload.safeParse(requested()).success).toBe(false);
  });

  it('appointment.canceled v1 says from which status and when the customer canceled', () => {
    const canceled = { ...requested(), previousStatus: 'accepted', canceledAt: new Date().toISOString() };
    expect(appointmentCanceledV1.type).toBe('appointment.canceled');
    expect(appointmentCanceledV1.payload.parse(canceled)).toEqual(canceled);
    expect(appointmentCanceledV1.payload.safeParse({ ...canceled, previousStatus: 'rejected' }).success).toBe(
      false,
    );
    const { canceledAt: _when, ...undated } = canceled;
    expect(appointmentCanceledV1.payload.safeParse(undated).success).toBe(false);
  });
});
