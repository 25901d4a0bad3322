import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Nafath requests of accounts; at most one WAITING per account. */
export class NafathRequests1733100000000 implements MigrationInterface {
  name = 'NafathRequests1733100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "nafath_requests" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "nafath_requests_site_check" CHECK ("site" IN ('ae', 'sa')),
        "account_id" uuid NOT NULL,
        "national_id" text NOT NULL,
        "trans_id" text NOT NULL,
        "request_id" uuid NOT NULL,
        "random" text NOT NULL,
        "status" text NOT NULL DEFAULT 'WAITING'
          CONSTRAINT "nafath_requests_status_check" CHECK ("status" IN ('WAITING', 'COMPLETED', 'REJECTED', 'EXPIRED')),
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "nafath_requests_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "nafath_requests_trans_id_key" UNIQUE ("trans_id"),
        CONSTRAINT "nafath_requests_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "nafath_requests_account_idx" ON "nafath_requests" ("site", "account_id", "created_at" DESC)`,
    );
    // Resend only after the previous request ended: one waiting request per account, even under a race.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "nafath_requests_one_waiting_key" ON "nafath_requests" ("account_id") WHERE "status" = 'WAITING'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "nafath_requests"`);
  }
}
