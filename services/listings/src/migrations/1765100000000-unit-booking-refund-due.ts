import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When listings asked payments to give a booking's money back (`unit.booking-refund-due`): a
 * booking paid after its hold was released, its unit taken by someone else meanwhile. Set once,
 * so the refund is asked for once per booking however often its payment is reported.
 */
export class UnitBookingRefundDue1765100000000 implements MigrationInterface {
  name = 'UnitBookingRefundDue1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "unit_bookings" ADD COLUMN "refund_due_at" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "unit_bookings" DROP COLUMN "refund_due_at"`);
  }
}
