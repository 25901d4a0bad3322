import { describe, expect, it } from '@jest/globals';
import {
  APPOINTMENT_TIMES,
  appointmentRequestSchema,
  formatAppointmentDate,
  formatAppointmentTime,
  wishlistContainsQuerySchema,
  zonedInstant,
} from './engagement.js';

const good = {
  kind: 'viewing',
  propertyId: '0190f1e2-0000-7000-8000-000000000001',
  date: '2026-12-01',
  time: '15:30',
  name: '  Sara   Ali ',
  phone: '+971 50 123 4567',
  email: 'sara@example.com',
};

describe('appointments (spec §3, §9)', () => {
  it('offers half-hour slots from 08:00 to 21:30', () => {
    expect(APPOINTMENT_TIMES[0]).toBe('08:00');
    expect(APPOINTMENT_TIMES.at(-1)).toBe('21:30');
    expect(APPOINTMENT_TIMES).toHaveLength(28);
  });

  it('reads a booking, Arabic-Indic digits included, and names each missing field', () => {
    expect(appointmentRequestSchema.parse({ ...good, date: '٢٠٢٦-١٢-٠١' })).toMatchObject({
      date: '2026-12-01',
      name: 'Sara Ali',
      phone: '+971501234567',
    });
    const bad = appointmentRequestSchema.safeParse({ kind: 'viewing', time: '15:10' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      date: 'appointment.dateRequired',
      time: 'appointment.timeRequired',
      name: 'appointment.nameRequired',
    });
    const meeting = appointmentRequestSchema.safeParse({ ...good, kind: 'meeting', propertyId: undefined });
    expect(meeting.error!.issues.map((i) => i.message)).toEqual(['appointment.agentRequired']);
  });

  it('turns the site’s local slot into UTC (Dubai +4, Riyadh +3)', () => {
    expect(zonedInstant('2026-12-01', '15:30', 'Asia/Dubai').toISOString()).toBe('2026-12-01T11:30:00.000Z');
    expect(zonedInstant('2026-12-01', '08:00', 'Asia/Riyadh').toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('writes the date "DD MMM, YYYY" and the time "hh:mm A" in the site’s zone', () => {
    const at = '2026-12-01T11:30:00.000Z';
    expect(formatAppointmentDate(at, 'Asia/Dubai', 'en')).toBe('01 Dec, 2026');
    expect(formatAppointmentTime(at, 'Asia/Dubai', 'en')).toBe('03:30 PM');
    expect(formatAppointmentTime(at, 'Asia/Riyadh', 'en')).toBe('02:30 PM');
    expect(formatAppointmentDate(at, 'Asia/Dubai', 'ar')).toBe('01 ديسمبر، 2026');
    expect(formatAppointmentTime('2026-12-01T04:00:00.000Z', 'Asia/Dubai', 'ar')).toBe('08:00 ص');
    // Late evening in UTC is already the next day in Dubai.
    expect(formatAppointmentDate('2026-12-01T21:00:00.000Z', 'Asia/Dubai', 'en')).toBe('02 Dec, 2026');
  });

  it('writes every month with the three letters of "MMM" (September is "Sep", not en-GB’s "Sept")', () => {
    const shown = [...Array(12).keys()].map((month) =>
      formatAppointmentDate(new Date(Date.UTC(2027, month, 15, 8)), 'Asia/Riyadh', 'en'),
    );
    expect(shown).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
        (month) => `15 ${month}, 2027`,
      ),
    );
    expect(formatAppointmentDate('2027-09-15T08:00:00.000Z', 'Asia/Riyadh', 'ar')).toBe('15 سبتمبر، 2027');
  });
});

describe('wishlist contains query', () => {
  it('takes up to 100 distinct ids and nothing that is not an id', () => {
    const id = '0190f1e2-0000-7000-8000-000000000001';
    expect(wishlistContainsQuerySchema.parse({ ids: `${id},${id}` })).toEqual({
      kind: 'property',
      ids: [id],
    });
    expect(wishlistContainsQuerySchema.safeParse({ ids: 'x' }).success).toBe(false);
    expect(wishlistContainsQuerySchema.safeParse({ ids: '' }).success).toBe(false);
  });
});
