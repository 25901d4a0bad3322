import { Controller, Get, Param, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  orderListQuerySchema,
  unitBookingPaymentParamsSchema,
  type Language,
  type OrderListQuery,
  type OrderView,
  type Page,
  type PaymentStatus,
  type Site,
  type UnitBookingPayment,
} from '@manzil/contracts';
import {
  AppException,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';

interface BookingRow {
  id: string;
  booking_id: string;
  unit_id: string;
  project_id: string;
  status: PaymentStatus;
  amount: string;
  currency: 'AED' | 'SAR';
  checkout_url: string | null;
  created_at: Date;
  paid_at: Date | null;
}

interface OrderRow {
  id: string;
  purpose: 'bid_fee' | 'unit_booking';
  title_en: string | null;
  title_ar: string | null;
  project_slug: string | null;
  status: PaymentStatus;
  amount: string;
  currency: 'AED' | 'SAR';
  created_at: Date;
  paid_at: Date | null;
}

const KIND_PURPOSE = { unit: 'unit_booking', property: 'bid_fee' } as const;
const BIDDING_FEE = { en: 'Auction bidding fee', ar: 'رسوم المزايدة' } as const;

/**
 * A customer's unit bookings and orders (spec §2 "/my-orders": unit and property orders), only
 * their own on this site. Unit orders are unit bookings; property orders are the payments made
 * for a property, today the bidding fees of auctioned ones.
 */
@Controller('v1')
@Roles('user')
export class UnitBookingsController {
  constructor(private readonly dataSource: DataSource) {}

  /** The booking's payment: the project page waits for its Checkout URL (404 until payments read the hold). */
  @Get('unit-bookings/:bookingId')
  async booking(
    @Param(new ZodPipe(unitBookingPaymentParamsSchema)) { bookingId }: { bookingId: string },
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
  ): Promise<UnitBookingPayment> {
    const [row] = (await this.dataSource.query(
      `SELECT "id", "booking_id", "unit_id", "project_id", "status", "amount", "currency", "checkout_url",
              "created_at", "paid_at"
         FROM "payments" WHERE "booking_id" = $1 AND "purpose" = 'unit_booking' AND "site" = $2 AND "account_id" = $3`,
      [bookingId, site, user.id],
    )) as BookingRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return {
      paymentId: row.id,
      bookingId: row.booking_id,
      unitId: row.unit_id,
      projectId: row.project_id,
      status: row.status,
      amount: Number(row.amount),
      currency: row.currency,
      checkoutUrl: row.status === 'pending' ? row.checkout_url : null,
      createdAt: row.created_at.toISOString(),
      paidAt: row.paid_at?.toISOString() ?? null,
    };
  }

  /** The customer's orders, newest first, each with its status history. */
  @Get('orders')
  async orders(
    @Query(new ZodPipe(orderListQuerySchema)) query: OrderListQuery,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<Page<OrderView>> {
    const purposes = query.kind ? [KIND_PURPOSE[query.kind]] : Object.values(KIND_PURPOSE);
    const where = `"site" = $1 AND "account_id" = $2 AND "purpose" = ANY($3::text[])`;
    const params = [site, user.id, purposes];
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "payments" WHERE ${where}`,
      params,
    )) as { total: number }[];
    const rows = (await this.dataSource.query(
      `SELECT "id", "purpose", "title_en", "title_ar", "project_slug", "status", "amount", "currency", "created_at", "paid_at"
         FROM "payments" WHERE ${where} ORDER BY "created_at" DESC, "id" DESC LIMIT $4 OFFSET $5`,
      [...params, query.limit, (query.page - 1) * query.limit],
    )) as OrderRow[];
    const history = rows.length
      ? ((await this.dataSource.query(
          `SELECT "payment_id", "status", "at" FROM "payment_status_history"
            WHERE "payment_id" = ANY($1::uuid[]) ORDER BY "at", "id"`,
          [rows.map((row) => row.id)],
        )) as { payment_id: string; status: PaymentStatus; at: Date }[])
      : [];
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.purpose === 'unit_booking' ? 'unit' : 'property',
        title:
          row.purpose === 'unit_booking'
            ? ((language === 'ar' ? row.title_ar : row.title_en) ?? '')
            : BIDDING_FEE[language],
        projectSlug: row.project_slug,
        status: row.status,
        amount: Number(row.amount),
        currency: row.currency,
        createdAt: row.created_at.toISOString(),
        paidAt: row.paid_at?.toISOString() ?? null,
        history: history
          .filter((entry) => entry.payment_id === row.id)
          .map((entry) => ({ status: entry.status, at: entry.at.toISOString() })),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}
