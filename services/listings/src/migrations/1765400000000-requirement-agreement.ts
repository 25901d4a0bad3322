import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, requirements: `requirements.agreement_status` (spec §3 Requirement "agreement
 * status"), written since by `POST /v1/requirements`, takes only the contracts' vocabulary
 * (`REQUIREMENT_AGREEMENT_STATUSES`: exclusive, non-exclusive, shared) or null. Nothing wrote the
 * column before, so every existing row is null and passes the CHECK.
 */
export class RequirementAgreement1765400000000 implements MigrationInterface {
  name = 'RequirementAgreement1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "requirements" ADD CONSTRAINT "CHK_requirements_agreement_status"
         CHECK ("agreement_status" IN ('exclusive', 'non-exclusive', 'shared'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "requirements" DROP CONSTRAINT "CHK_requirements_agreement_status"`);
  }
}
