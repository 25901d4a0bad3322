import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How to reach each agent (identity's `identity.agent.contact` events): the property page's
 * agent card. One row per agent account, the last event wins (`event_at`); a deleted account's
 * row goes.
 */
export class AgentContact1764500000001 implements MigrationInterface {
  name = 'AgentContact1764500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "agent_contact" (
        "account_id" uuid NOT NULL,
        "site" text NOT NULL,
        "phone" text,
        "whatsapp" boolean NOT NULL DEFAULT false,
        "email" text,
        "listed" boolean NOT NULL,
        "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "agent_contact_pkey" PRIMARY KEY ("account_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "agent_contact"`);
  }
}
