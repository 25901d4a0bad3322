import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When another service said a payment's money is due back (`unit.booking-refund-due`,
 * `bid.fee-refund-due`: the event's time), set by the first delivery, before the provider is
 * asked: the admin console shows it beside the payment, so a refund that is due and not yet
 * through (the provider unreachable) is visible as such.
 */
export class RefundDue1765210000000 implements MigrationInterface {
  name = 'RefundDue1765210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" ADD "refund_due_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "refund_due_at"`);
  }
}
