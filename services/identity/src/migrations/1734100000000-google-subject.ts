import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `accounts.google_subject`: the Google account (`sub`) linked to an account, so a Google
 * sign-in finds its account by who Google says it is, not by an e-mail another account may
 * hold unproved. One account per Google account and site. Accounts made by Google sign-up
 * before this column are linked on their next Google sign-in (their e-mail is verified).
 */
export class GoogleSubject1734100000000 implements MigrationInterface {
  name = 'GoogleSubject1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" ADD COLUMN "google_subject" text`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "accounts_site_google_subject_key" ON "accounts" ("site", "google_subject") WHERE "google_subject" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "accounts_site_google_subject_key"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "google_subject"`);
  }
}
