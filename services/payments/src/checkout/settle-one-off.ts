import type { EntityManager } from 'typeorm';
import type { SettledBy, Settlement } from './settle-payment.js';

/**
 * A one-off payment opened from another service's event (a bidding fee, a unit booking)
 * settled by the provider's word, under the row lock SettlePayment already holds: Pending →
 * Canceled or Paid, Canceled → Paid (money taken is never lost), Paid and Refunded final.
 * Answers when it changed (the caller then writes its event in the same transaction), or null.
 */
export async function settleOneOff(
  manager: EntityManager,
  paymentId: string,
  settlement: Settlement,
  settledBy: SettledBy,
): Promise<string | null> {
  const [payment] = (await manager.query(`SELECT "status" FROM "payments" WHERE "id" = $1`, [paymentId])) as {
    status: 'pending' | 'canceled' | 'paid' | 'refunded';
  }[];
  if (payment.status === 'paid' || payment.status === 'refunded') return null;
  if (settlement === 'canceled' && payment.status !== 'pending') return null;
  // TypeORM answers an UPDATE … RETURNING as [rows, count].
  const [rows] = (await manager.query(
    `UPDATE "payments" SET "status" = $2, "settled_by" = $3, "updated_at" = now(),
            "paid_at" = CASE WHEN $2 = 'paid' THEN now() ELSE "paid_at" END
      WHERE "id" = $1 RETURNING "updated_at"`,
    [paymentId, settlement, settledBy],
  )) as [{ updated_at: Date }[], number];
  return rows[0].updated_at.toISOString();
}
