import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Arabic form of an agent's name, from `identity.agent.contact` (optional field): the
 * Arabic property page names the agent with it when the listing's own event carries none (a
 * listing made in the wizard knows only the English name of its agent).
 */
export class AgentNameAr1764970000000 implements MigrationInterface {
  name = 'AgentNameAr1764970000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "agent_contact" ADD "name_ar" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "agent_contact" DROP COLUMN "name_ar"`);
  }
}
