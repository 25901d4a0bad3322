import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Never twice (issue 14): an e-mail or a text message is claimed (`sending_at`, committed) before
 * the provider is asked and marked sent after. A claim never settled is a process that died
 * while asking: the message is given up (`failed_at`, `last_error`) rather than sent again.
 */
export class SendClaims1765320000000 implements MigrationInterface {
  name = 'SendClaims1765320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "notification_sms" ADD COLUMN "sending_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(`
      ALTER TABLE "notification_emails"
        ADD COLUMN "sending_at" TIMESTAMP WITH TIME ZONE,
        ADD COLUMN "last_error" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "notification_emails" DROP COLUMN "last_error", DROP COLUMN "sending_at"`,
    );
    await queryRunner.query(`ALTER TABLE "notification_sms" DROP COLUMN "sending_at"`);
  }
}
