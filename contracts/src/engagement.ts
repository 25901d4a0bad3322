import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { localizedTextSchema, propertySummarySchema } from './listings.js';
import { publicProjectSchema, unitSchema } from './projects.js';
import type { Language, Site } from './site.js';
import { normalizeDigits, tidySpaces } from './text.js';
import { lazySchema } from './lazy-schema.js';

/*
 * Customer engagement of the listings service (spec §2 wishlist and my appointment, §3
 * Appointment, §4 appointment statuses, §6 wishlist roles, §9 date formats).
 */

// ---------------------------------------------------------------- wishlist

/** What a customer can save (spec §1: properties, projects and units). */
export const WISHLIST_ITEM_KINDS = ['property', 'project', 'unit'] as const;
export type WishlistItemKind = (typeof WISHLIST_ITEM_KINDS)[number];
export const wishlistItemKindSchema = lazySchema(() => z.enum(WISHLIST_ITEM_KINDS));

/** `POST /v1/wishlist` */
export const wishlistItemRequestSchema = lazySchema(() =>
  z.object({ kind: wishlistItemKindSchema, id: z.uuid() }),
);
export type WishlistItemRequest = z.infer<typeof wishlistItemRequestSchema>;
/** `DELETE /v1/wishlist/:kind/:id` */
export const wishlistItemParamsSchema = wishlistItemRequestSchema;

/** `GET /v1/wishlist?kind=&page=&limit=`: the caller's saved items, last saved first. */
export const wishlistQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({ kind: wishlistItemKindSchema.optional() }),
);
export type WishlistQuery = z.infer<typeof wishlistQuerySchema>;

/**
 * A saved item with what its card shows while it is public, else null (the page marks it
 * unavailable and offers to remove it):
 * - `property`: a property's card (null once it is sold, rented or taken off);
 * - `project`: a project's card, or the project of a saved unit (null once it is unpublished);
 * - `unit`: a saved unit while its project is public (a sold or reserved unit stays, with its status).
 */
export const wishlistEntrySchema = lazySchema(() =>
  z.object({
    kind: wishlistItemKindSchema,
    id: z.uuid(),
    savedAt: z.iso.datetime(),
    property: propertySummarySchema.nullable(),
    project: publicProjectSchema.nullable(),
    unit: unitSchema.nullable(),
  }),
);
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

export const WISHLIST_CONTAINS_MAX = 100;
/** `GET /v1/wishlist/contains?kind=property&ids=a,b`: which of (at most 100) ids the caller saved. */
export const wishlistContainsQuerySchema = lazySchema(() =>
  z.object({
    kind: wishlistItemKindSchema.default('property'),
    ids: z
      .string()
      .transform((value) => [...new Set(value.split(',').filter(Boolean))])
      .pipe(z.array(z.uuid()).min(1).max(WISHLIST_CONTAINS_MAX)),
  }),
);
export type WishlistContainsQuery = z.infer<typeof wishlistContainsQuerySchema>;
export const wishlistContainsSchema = lazySchema(() => z.object({ saved: z.array(z.uuid()) }));
export type WishlistContains = z.infer<typeof wishlistContainsSchema>;
/** `DELETE /v1/wishlist/:kind/:id`: whether the item was saved (removing twice is no error). */
export const wishlistRemovedSchema = lazySchema(() => z.object({ removed: z.boolean() }));
export type WishlistRemoved = z.infer<typeof wishlistRemovedSchema>;

// ---------------------------------------------------------------- appointments

/** A viewing of a property, or a meeting with an agent (spec §1). */
export const APPOINTMENT_KINDS = ['viewing', 'meeting'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];
/**
 * Spec §4: pending, accepted, rejected (agents accept or reject); canceled when the customer
 * calls it off while it is still pending or accepted (`POST /v1/appointments/:id/cancel`).
 */
export const APPOINTMENT_STATUSES = ['pending', 'accepted', 'rejected', 'canceled'] as const;
/** The statuses a customer may cancel from (the slot is still held). */
export const CANCELABLE_APPOINTMENT_STATUSES = ['pending', 'accepted'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Each site's appointments are in its own country's time (DESIGN: the site is data). */
export const SITE_TIME_ZONE: Record<Site, string> = { ae: 'Asia/Dubai', sa: 'Asia/Riyadh' };

/**
 * An agent's day is cut into 30-minute slots from 08:00 to 21:30 (spec: "not shown"; the
 * portals users compare us with offer half-hour viewings in working hours). One slot holds one
 * pending or accepted appointment per agent: the database refuses a second one.
 */
export const APPOINTMENT_SLOT_MINUTES = 30;
export const APPOINTMENT_TIMES: readonly string[] = Array.from({ length: 28 }, (_, i) => {
  const minutes = 8 * 60 + i * APPOINTMENT_SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
/** How far ahead a customer may book. */
export const APPOINTMENT_MAX_DAYS_AHEAD = 90;

const digits = (value: unknown) => (typeof value === 'string' ? normalizeDigits(value.trim()) : value);
const tidy = (value: unknown) => (typeof value === 'string' ? tidySpaces(value) : value);

/** `POST /v1/appointments`: date and time are the site's local day and slot. */
export const appointmentRequestSchema = lazySchema(() =>
  z
    .object({
      kind: z.enum(APPOINTMENT_KINDS),
      propertyId: z.uuid({ message: 'appointment.propertyRequired' }).optional(),
      agentId: z.uuid({ message: 'appointment.agentRequired' }).optional(),
      date: z.preprocess(
        digits,
        z
          .string({ message: 'appointment.dateRequired' })
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'appointment.dateRequired'),
      ),
      time: z.preprocess(
        digits,
        z
          .string({ message: 'appointment.timeRequired' })
          .refine((value) => APPOINTMENT_TIMES.includes(value), 'appointment.timeRequired'),
      ),
      name: z.preprocess(
        tidy,
        z.string({ message: 'appointment.nameRequired' }).min(2, 'appointment.nameRequired').max(100),
      ),
      phone: z.preprocess(
        (value) => (typeof value === 'string' ? normalizeDigits(value).replace(/[\s-]/g, '') : value),
        z
          .string({ message: 'appointment.phoneRequired' })
          .regex(/^\+?\d{7,15}$/, 'appointment.phoneRequired'),
      ),
      email: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim() : value),
        z.email({ message: 'appointment.emailRequired' }).max(200),
      ),
      note: z.preprocess(tidy, z.string().max(500, 'text.tooLong')).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.kind === 'viewing' && !value.propertyId)
        ctx.addIssue({ code: 'custom', path: ['propertyId'], message: 'appointment.propertyRequired' });
      if (value.kind === 'meeting' && !value.agentId && !value.propertyId)
        ctx.addIssue({ code: 'custom', path: ['agentId'], message: 'appointment.agentRequired' });
    }),
);
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;

/** `POST /v1/appointments/:id/status` (spec §4 "a change-status call exists"). */
export const appointmentStatusRequestSchema = lazySchema(() =>
  z.object({ status: z.enum(['accepted', 'rejected']) }),
);
export type AppointmentStatusRequest = z.infer<typeof appointmentStatusRequestSchema>;

/** `GET /v1/appointments?status=&page=`: a customer's own, or an agent's (company: its agents'). */
export const appointmentsQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: z.enum(APPOINTMENT_STATUSES).optional(),
  }),
);
export type AppointmentsQuery = z.infer<typeof appointmentsQuerySchema>;

export const appointmentSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(APPOINTMENT_KINDS),
    status: z.enum(APPOINTMENT_STATUSES),
    startsAt: z.iso.datetime(),
    timeZone: z.string(),
    property: z.object({ id: z.uuid(), slug: z.string(), title: localizedTextSchema }).nullable(),
    agentId: z.uuid(),
    customer: z.object({ id: z.uuid(), name: z.string(), phone: z.string(), email: z.string() }),
    note: z.string(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
  }),
);
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * The UTC instant of a local date and time in a time zone (the zones of both sites keep one
 * offset all year, but this asks Intl rather than assuming it).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(guess);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asLocal = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return new Date(guess.getTime() - (asLocal - guess.getTime()));
}

// English months from en-US: its short names are the three letters of "MMM" (en-GB's September
// is "Sept" since CLDR 38); the day and year order is ours, from the parts below.
const localeOf = (language: Language) => (language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US');
const stripMarks = (value: string) => value.replace(/[\u200e\u200f\u061c]/g, '');

/**
 * Spec §9: an appointment's date "DD MMM, YYYY" and time "hh:mm A", in the site's time zone
 * (Arabic: the month's name and «ص»/«م»). Shared by the pages, the notifications and e-mails.
 */
export function formatAppointmentDate(startsAt: string | Date, timeZone: string, language: Language): string {
  const parts = new Intl.DateTimeFormat(localeOf(language), {
    timeZone,
    day: '2-digit',
    month: language === 'ar' ? 'long' : 'short',
    year: 'numeric',
  }).formatToParts(new Date(startsAt));
  const part = (type: string) => stripMarks(parts.find((p) => p.type === type)?.value ?? '');
  return `${part('day')} ${part('month')}${language === 'ar' ? '،' : ','} ${part('year')}`;
}

export function formatAppointmentTime(startsAt: string | Date, timeZone: string, language: Language): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(startsAt));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const pm = part('dayPeriod').toUpperCase() === 'PM';
  const period = language === 'ar' ? (pm ? 'م' : 'ص') : pm ? 'PM' : 'AM';
  return `${part('hour').padStart(2, '0')}:${part('minute')} ${period}`;
}
