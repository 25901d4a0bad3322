import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer cancels their own pending or accepted appointment (issue 14): a fourth status,
 * `canceled`, and when it happened. The slot's unique index counts only pending and accepted
 * appointments, so a canceled one frees the agent's slot without touching the index.
 */
export class AppointmentCancel1764930000100 implements MigrationInterface {
  name = 'AppointmentCancel1764930000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check"
         CHECK ("status" IN ('pending', 'accepted', 'rejected', 'canceled'))`,
    );
    await queryRunner.query(`ALTER TABLE "appointments" ADD COLUMN "canceled_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "appointments" DROP COLUMN "canceled_at"`);
    await queryRunner.query(`UPDATE "appointments" SET "status" = 'rejected' WHERE "status" = 'canceled'`);
    await queryRunner.query(`ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check"
         CHECK ("status" IN ('pending', 'accepted', 'rejected'))`,
    );
  }
}
