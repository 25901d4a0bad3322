import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import {
  SITE_FACTS,
  TOPICS,
  UNIT_BOOKING_SITES,
  UNIT_LAYOUT_LABELS,
  unitBookingHeldV1,
  type Site,
  type UnitBooking,
} from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { changeUnitStatus } from '../projects/unit-status.js';
import { jobDueAt } from '@manzil/nest-kit/jobs';
import { UNIT_HOLD_QUEUE, type HoldJobData } from './unit-hold.job.js';

export const UNIT_HOLD_MS = Symbol('UNIT_HOLD_MS');

interface UnitToBook {
  unit_id: string;
  project_id: string;
  slug: string;
  title_en: string;
  title_ar: string;
  layout: keyof typeof UNIT_LAYOUT_LABELS;
  reference: string | null;
  price: string;
  payment_booking: number;
}

/** The booking amount: the project's booking share (payment plan) of the unit's price, to the halala. */
export function bookingAmount(price: string, bookingPercent: number): number {
  return Math.round(Number(price) * bookingPercent) / 100;
}

/**
 * A Saudi resident books a unit online (spec §6): on the Saudi site only (404 elsewhere, as if
 * the route did not exist), a customer verified through Nafath (identity's event, kept in
 * `listing_accounts` like the wizard's Nafath rule), a unit still available in a published
 * project. In one transaction the unit is held through `changeUnitStatus` (project, then unit
 * locked: two bookings of one unit cannot both hold it), the booking written and
 * `unit.booking-held` put in the outbox for payments. A delayed job releases the hold at its end.
 */
@Injectable()
export class BookUnit {
  private readonly logger = new Logger('unit-booking');

  constructor(
    private readonly dataSource: DataSource,
    @InjectQueue(UNIT_HOLD_QUEUE) private readonly holds: Queue<HoldJobData>,
    @Inject(UNIT_HOLD_MS) private readonly holdMs: number,
  ) {}

  async execute(user: AuthUser, site: Site, unitId: string): Promise<UnitBooking> {
    if (!(UNIT_BOOKING_SITES as readonly Site[]).includes(site)) throw new AppException('NOT_FOUND');
    const [resident] = (await this.dataSource.query(
      `SELECT 1 FROM "listing_accounts" WHERE "account_id" = $1 AND "site" = $2
          AND "nafath_verified_at" IS NOT NULL AND "deleted_at" IS NULL`,
      [user.id, site],
    )) as unknown[];
    // 422, not 403 (a 403 signs the person out): the manual booking path is the answer.
    if (!resident) throw new AppException('BOOKING_RESIDENTS_ONLY', 422);
    const booking = await this.dataSource.transaction(async (manager) => {
      const [unit] = (await manager.query(
        `SELECT u."id" AS "unit_id", u."project_id", p."slug", p."title_en", p."title_ar", u."layout",
                u."reference", u."price", p."payment_booking"
           FROM "project_units" u JOIN "projects" p ON p."id" = u."project_id"
          WHERE u."id" = $1 AND u."site" = $2 AND p."status" = 'published'`,
        [unitId, site],
      )) as UnitToBook[];
      if (!unit) throw new AppException('NOT_FOUND');
      // The project, then the unit, locked in changeUnitStatus's order, to read the status it will change.
      await manager.query(`SELECT 1 FROM "projects" WHERE "id" = $1 FOR UPDATE`, [unit.project_id]);
      const [{ status }] = (await manager.query(
        `SELECT "status" FROM "project_units" WHERE "id" = $1 FOR UPDATE`,
        [unit.unit_id],
      )) as { status: string }[];
      if (status !== 'available') throw new AppException('UNIT_NOT_AVAILABLE', 422);
      const amount = bookingAmount(unit.price, unit.payment_booking);
      if (amount <= 0) throw new AppException('UNIT_NOT_AVAILABLE', 422);
      await changeUnitStatus(manager, site, unit.project_id, unit.unit_id, 'reserved');
      const id = randomUUID();
      const currency = SITE_FACTS[site].currency as UnitBooking['currency'];
      const [row] = (await manager.query(
        `INSERT INTO "unit_bookings" ("id", "site", "unit_id", "project_id", "customer_id", "amount", "currency", "hold_expires_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::double precision / 1000))
         RETURNING "hold_expires_at"`,
        [id, site, unit.unit_id, unit.project_id, user.id, amount.toFixed(2), currency, this.holdMs],
      )) as { hold_expires_at: Date }[];
      const layout = UNIT_LAYOUT_LABELS[unit.layout];
      const ref = unit.reference ? ` ${unit.reference}` : '';
      const view: UnitBooking = {
        id,
        unitId: unit.unit_id,
        projectId: unit.project_id,
        status: 'held',
        amount,
        currency,
        holdExpiresAt: row.hold_expires_at.toISOString(),
      };
      await enqueue(
        manager,
        TOPICS.listingsUnitBooking,
        newEvent(
          unitBookingHeldV1,
          site,
          id,
          {
            bookingId: id,
            unitId: unit.unit_id,
            projectId: unit.project_id,
            projectSlug: unit.slug,
            customerId: user.id,
            amount,
            currency,
            title: {
              en: `${unit.title_en} · ${layout.en}${ref}`,
              ar: `${unit.title_ar} · ${layout.ar}${ref}`,
            },
            holdExpiresAt: view.holdExpiresAt,
          },
          currentContext()?.requestId,
        ),
      );
      return view;
    });
    await this.holds.add(
      'release',
      { bookingId: booking.id },
      jobDueAt(`unit-hold-${booking.id}`, new Date(booking.holdExpiresAt)),
    );
    this.logger.log({ bookingId: booking.id, unitId, msg: 'unit held for booking' });
    return booking;
  }
}
