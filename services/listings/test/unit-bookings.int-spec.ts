import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { enqueue, newEvent } from '@manzil/bus';
import {
  type EventEnvelope,
  ERROR_MESSAGES,
  ownedProjectSchema,
  TOPICS,
  unitBookingFailedV1,
  unitBookingFailedV2,
  unitBookingHeldV1,
  unitBookingPaidV1,
  unitBookingPaidV2,
  unitBookingRefundDueV1,
  unitBookingSchema,
  unitSchema,
  type Site,
  type UnitBooking,
} from '@manzil/contracts';
import { expectEventually } from '@manzil/testing';
import { account, startListings, type Account } from './lifecycle-harness.js';

/** Short enough for a test to see a hold run out, long enough to read it while held. */
const HOLD_MS = 4_000;
const SLOW = { timeoutMs: 25_000, intervalMs: 200 };

const projectBody = (cityId: string) => ({
  title: { en: 'Al Malqa Residences', ar: 'مساكن الملقا' },
  description: { en: 'Family homes', ar: 'منازل عائلية' },
  developer: 'Roshn',
  cityId,
  totalArea: '25000',
  totalUnits: '10',
  availableUnits: '10',
  deliveryDate: '2028-06-30',
  startingPrice: '900000',
  paymentPlan: { booking: '10', construction: '60', handover: '30' },
  completion: 'offPlan',
});
const unitBody = { layout: 'apartment', bedrooms: '2', area: '140', price: '1500000', reference: 'B-204' };

describe('listings: online booking of a project unit (Saudi residents only)', () => {
  let h: Awaited<ReturnType<typeof startListings>>;
  const resident = account('sa', 'user');
  const visitorOnly = account('sa', 'user');
  /** Another Saudi resident, who takes a unit whose hold ran out. */
  const neighbour = account('sa', 'user');
  let saProject: string;
  let aeUnit: string;
  const saUnits: string[] = [];

  /** A published project of `site` with `count` units; answers their ids. */
  async function publishedProject(site: Site, count: number) {
    const company = account(site, 'company');
    const created = ownedProjectSchema.parse(
      (
        await h
          .call(company, 'post', '/v1/projects', {
            body: projectBody(site === 'sa' ? 'sa.riyadh' : 'ae.dubai'),
          })
          .expect(201)
      ).body.results,
    );
    const units: string[] = [];
    for (let i = 0; i < count; i += 1)
      units.push(
        unitSchema.parse(
          (await h.call(company, 'post', `/v1/projects/${created.id}/units`, { body: unitBody }).expect(201))
            .body.results,
        ).id,
      );
    await h.call(company, 'post', `/v1/projects/${created.id}/publish`).expect(200);
    return { projectId: created.id, units };
  }

  const book = (who: Account | null, unitId: string, status: number, site?: Site, language?: 'en' | 'ar') =>
    h.call(who, 'post', `/v1/units/${unitId}/bookings`, { site, language }).expect(status);

  const unitStatus = async (unitId: string) =>
    (
      (await h.dataSource.query(`SELECT "status" FROM "project_units" WHERE "id" = $1`, [unitId])) as {
        status: string;
      }[]
    )[0].status;
  const bookingRow = async (id: string) =>
    (
      (await h.dataSource.query(`SELECT "status", "released_reason" FROM "unit_bookings" WHERE "id" = $1`, [
        id,
      ])) as { status: string; released_reason: string | null }[]
    )[0];
  const availableUnits = async (projectId: string) =>
    (
      (await h.dataSource.query(`SELECT "available_units" FROM "projects" WHERE "id" = $1`, [projectId])) as {
        available_units: number;
      }[]
    )[0].available_units;

  /** Payments' word on a booking, as payments writes it: through an outbox, the bus and our consumer. */
  async function paymentSays(
    booking: UnitBooking,
    outcome: 'paid' | 'failed',
    customer = resident,
    version: 1 | 2 = 2,
  ) {
    const facts = {
      paymentId: booking.id,
      bookingId: booking.id,
      unitId: booking.unitId,
      projectId: booking.projectId,
      customerId: customer.id,
      amount: booking.amount,
      currency: booking.currency,
    };
    const at = new Date().toISOString();
    // v2 as payments publishes it now; v1 (still in a stream at deployment) must read the same.
    const booked = {
      projectSlug: 'palm-gardens',
      title: { en: 'Palm Gardens · Apartment', ar: 'حدائق النخيل · شقة' },
    };
    const event =
      version === 1
        ? outcome === 'paid'
          ? newEvent(unitBookingPaidV1, 'sa', booking.id, { ...facts, paidAt: at })
          : newEvent(unitBookingFailedV1, 'sa', booking.id, { ...facts, failedAt: at })
        : outcome === 'paid'
          ? newEvent(unitBookingPaidV2, 'sa', booking.id, { ...facts, paidAt: at, booked })
          : newEvent(unitBookingFailedV2, 'sa', booking.id, { ...facts, failedAt: at, booked });
    await said(event);
    return event;
  }
  /** An event of payments put on the bus (again, for a redelivery). */
  const said = (event: EventEnvelope) =>
    h.dataSource.transaction((manager) => enqueue(manager, TOPICS.paymentsUnitBooking, event));
  /** Waits until our consumer has handled these events (each in the inbox). */
  const handled = (events: EventEnvelope[]) =>
    expectEventually(async () => {
      const [{ count }] = (await h.dataSource.query(
        `SELECT count(*)::int AS "count" FROM "inbox" WHERE "event_id" = ANY($1::uuid[])`,
        [events.map((e) => e.id)],
      )) as { count: number }[];
      expect(count).toBe(events.length);
    }, SLOW);
  /** The refunds listings asked payments for, for one booking: `unit.booking-refund-due` in its outbox. */
  const refundsDue = async (bookingId: string) =>
    (await h.outbox(bookingId)).filter((e) => e.type === unitBookingRefundDueV1.type);

  beforeAll(async () => {
    h = await startListings({ env: { UNIT_HOLD_MS: String(HOLD_MS) } });
    await h.announceApplied('sa', [
      { registered: resident },
      { nafath: resident },
      { registered: visitorOnly },
      { registered: neighbour },
      { nafath: neighbour },
    ]);
    const sa = await publishedProject('sa', 6);
    saProject = sa.projectId;
    saUnits.push(...sa.units);
    aeUnit = (await publishedProject('ae', 1)).units[0];
  });
  afterAll(async () => {
    await h?.close();
  });

  it('holds an available unit for a Nafath-verified customer and announces the hold once', async () => {
    const before = await availableUnits(saProject);
    const booking = unitBookingSchema.parse((await book(resident, saUnits[0], 201)).body.results);
    expect(booking).toMatchObject({
      unitId: saUnits[0],
      projectId: saProject,
      status: 'held',
      currency: 'SAR',
    });
    // The project's booking share (10 %) of the unit's price.
    expect(booking.amount).toBe(150_000);
    expect(new Date(booking.holdExpiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(await unitStatus(saUnits[0])).toBe('reserved');
    expect(await availableUnits(saProject)).toBe(before - 1);
    const [held] = await h.outbox(booking.id);
    expect(held).toMatchObject({ type: unitBookingHeldV1.type, version: 1, site: 'sa' });
    expect(unitBookingHeldV1.payload.parse(held.payload)).toMatchObject({
      bookingId: booking.id,
      customerId: resident.id,
      amount: 150_000,
      title: { en: 'Al Malqa Residences · Apartment B-204', ar: 'مساكن الملقا · شقة B-204' },
    });
    expect((await h.outbox(saProject)).map((e) => e.type)).toContain('unit.status-changed');
    // Held: nobody (not even the same customer) holds it twice.
    const again = await book(resident, saUnits[0], 422, 'sa', 'en');
    expect(again.body.message).toBe(ERROR_MESSAGES.UNIT_NOT_AVAILABLE.en);
  });

  it("refuses a customer without Nafath with the spec's message, in each language, and holds nothing", async () => {
    const en = await book(visitorOnly, saUnits[1], 422, 'sa', 'en');
    expect(en.body.message).toBe(
      'Online booking is for Saudi residents only. Please contact our team to complete the manual booking process',
    );
    const ar = await book(visitorOnly, saUnits[1], 422, 'sa', 'ar');
    expect(ar.body.message).toBe(ERROR_MESSAGES.BOOKING_RESIDENTS_ONLY.ar);
    expect(await unitStatus(saUnits[1])).toBe('available');
  });

  it('is a Saudi-site feature for customers: 404 on the UAE site and for another site’s unit, 403 for others', async () => {
    await book(account('ae', 'user'), aeUnit, 404);
    await book(resident, aeUnit, 404);
    expect(await unitStatus(aeUnit)).toBe('available');
    await book(account('sa', 'company'), saUnits[1], 403);
    await book(account('sa', 'agent'), saUnits[1], 403);
    await book(null, saUnits[1], 401);
    await book(resident, 'not-a-unit', 422);
  });

  it('releases a hold nobody paid when it runs out (the delayed job), and the unit can be booked again', async () => {
    const booking = unitBookingSchema.parse((await book(resident, saUnits[1], 201)).body.results);
    expect(await unitStatus(saUnits[1])).toBe('reserved');
    await expectEventually(async () => {
      expect(await bookingRow(booking.id)).toEqual({ status: 'released', released_reason: 'expired' });
      expect(await unitStatus(saUnits[1])).toBe('available');
    }, SLOW);
    unitBookingSchema.parse((await book(resident, saUnits[1], 201)).body.results);
  });

  it('books the unit (sold) when payments says paid (v2), and releases it when payments says failed (v1 still read)', async () => {
    const paid = unitBookingSchema.parse((await book(resident, saUnits[2], 201)).body.results);
    const failed = unitBookingSchema.parse((await book(resident, saUnits[3], 201)).body.results);
    await paymentSays(paid, 'paid');
    await paymentSays(failed, 'failed', resident, 1);
    await expectEventually(async () => {
      expect((await bookingRow(paid.id)).status).toBe('booked');
      expect(await unitStatus(saUnits[2])).toBe('sold');
      expect((await bookingRow(failed.id)).status).toBe('released');
      expect(await unitStatus(saUnits[3])).toBe('available');
    }, SLOW);
    // A late failure changes nothing of a booked unit (booked is final), even after its hold's end.
    await paymentSays(paid, 'failed');
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS + 1_000));
    expect((await bookingRow(paid.id)).status).toBe('booked');
    expect(await unitStatus(saUnits[2])).toBe('sold');
  });

  it('a hold paid after its release books the unit if still available; if someone took it, asks payments once for the money back', async () => {
    const late = unitBookingSchema.parse((await book(resident, saUnits[4], 201)).body.results);
    const stillFree = unitBookingSchema.parse((await book(resident, saUnits[5], 201)).body.results);
    await expectEventually(async () => {
      expect(await bookingRow(late.id)).toEqual({ status: 'released', released_reason: 'expired' });
      expect(await bookingRow(stillFree.id)).toEqual({ status: 'released', released_reason: 'expired' });
    }, SLOW);
    // Someone else books the first unit and pays: it is sold to them.
    const taken = unitBookingSchema.parse((await book(neighbour, saUnits[4], 201)).body.results);
    await handled([await paymentSays(taken, 'paid', neighbour)]);
    expect(await unitStatus(saUnits[4])).toBe('sold');

    // The late payments arrive: the same event twice, and another report of the same payment.
    const paid = await paymentSays(late, 'paid');
    await said(paid);
    const again = await paymentSays(late, 'paid');
    const free = await paymentSays(stillFree, 'paid');
    await handled([paid, again, free]);

    // Still available: booked as before, no money due back.
    expect((await bookingRow(stillFree.id)).status).toBe('booked');
    expect(await unitStatus(saUnits[5])).toBe('sold');
    expect(await refundsDue(stillFree.id)).toEqual([]);

    // Taken: the booking stays released, the neighbour keeps the unit, one refund is asked for.
    expect(await bookingRow(late.id)).toEqual({ status: 'released', released_reason: 'expired' });
    expect((await bookingRow(taken.id)).status).toBe('booked');
    expect(await unitStatus(saUnits[4])).toBe('sold');
    const due = await refundsDue(late.id);
    expect(due).toHaveLength(1);
    expect(due[0]).toMatchObject({ version: 1, site: 'sa', key: late.id });
    expect(unitBookingRefundDueV1.payload.parse(due[0].payload)).toEqual({
      bookingId: late.id,
      paymentId: late.id,
      unitId: saUnits[4],
      projectId: saProject,
      customerId: resident.id,
      reason: 'unit-taken',
    });
    const [{ payment_id, refund_due }] = (await h.dataSource.query(
      `SELECT "payment_id", "refund_due_at" IS NOT NULL AS "refund_due" FROM "unit_bookings" WHERE "id" = $1`,
      [late.id],
    )) as { payment_id: string; refund_due: boolean }[];
    expect({ payment_id, refund_due }).toEqual({ payment_id: late.id, refund_due: true });
  });
});
