import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the holder was told a subscription is about to end (`payments.subscription.expiring`):
 * the job that closes ended subscriptions sends that notice once per subscription, and this
 * column is its "once" (the look-up uses `subscriptions_to_expire_idx`, live ones by end).
 */
export class ExpiryNotice1764960000000 implements MigrationInterface {
  name = 'ExpiryNotice1764960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "subscriptions" ADD "expiry_notice_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP COLUMN "expiry_notice_at"`);
  }
}
