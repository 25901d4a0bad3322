import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The agent and the company of each listing as columns of `listing_read`, so the search API's
 * `agentId` / `companyId` filters (the /agents/[slug] and /company/[slug] pages) are index
 * lookups. Rows already there take them from their event payload (v2 carries `agent.id` and
 * `company.id`; a v1 summary has neither and stays null until its next approval).
 */
export class OwnerColumns1764500000000 implements MigrationInterface {
  name = 'OwnerColumns1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "listing_read" ADD COLUMN "agent_id" uuid, ADD COLUMN "company_id" uuid`,
    );
    await queryRunner.query(`
      UPDATE "listing_read" SET
        "agent_id" = ("payload" -> 'agent' ->> 'id')::uuid,
        "company_id" = ("payload" -> 'company' ->> 'id')::uuid
      WHERE "payload" -> 'agent' ->> 'id' IS NOT NULL OR "payload" -> 'company' ->> 'id' IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "listing_read_agent_idx" ON "listing_read" ("agent_id", "approved_at") WHERE "agent_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_company_idx" ON "listing_read" ("company_id", "approved_at") WHERE "company_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "listing_read_company_idx"`);
    await queryRunner.query(`DROP INDEX "listing_read_agent_idx"`);
    await queryRunner.query(`ALTER TABLE "listing_read" DROP COLUMN "company_id", DROP COLUMN "agent_id"`);
  }
}
