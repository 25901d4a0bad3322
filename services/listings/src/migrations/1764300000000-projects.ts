import type { MigrationInterface, QueryRunner } from 'typeorm';

/** New projects and their units (spec §3 Project), managed by companies and admins. */
export class Projects1764300000000 implements MigrationInterface {
  name = 'Projects1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "projects" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "slug" text NOT NULL,
        "company_id" uuid NOT NULL,
        "created_by" uuid NOT NULL,
        "status" text NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published')),
        "title_en" text NOT NULL,
        "title_ar" text NOT NULL,
        "description_en" text NOT NULL DEFAULT '',
        "description_ar" text NOT NULL DEFAULT '',
        "developer" text NOT NULL,
        "licence_number" text,
        "city_id" text NOT NULL,
        "community_id" text,
        "total_area" numeric NOT NULL CHECK ("total_area" > 0),
        "total_units" integer NOT NULL CHECK ("total_units" >= 0),
        "available_units" integer NOT NULL CHECK ("available_units" >= 0 AND "available_units" <= "total_units"),
        "delivery_date" date NOT NULL,
        "starting_price" numeric NOT NULL CHECK ("starting_price" > 0),
        "payment_booking" integer NOT NULL,
        "payment_construction" integer NOT NULL,
        "payment_handover" integer NOT NULL,
        "completion" text NOT NULL CHECK ("completion" IN ('offPlan', 'ready')),
        "brochure_key" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "published_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "projects_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "projects_site_slug" UNIQUE ("site", "slug"),
        CONSTRAINT "projects_payment_plan_100" CHECK ("payment_booking" + "payment_construction" + "payment_handover" = 100),
        CONSTRAINT "projects_city_fkey" FOREIGN KEY ("city_id") REFERENCES "locations" ("id"),
        CONSTRAINT "projects_community_fkey" FOREIGN KEY ("community_id") REFERENCES "locations" ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "projects_public_idx" ON "projects" ("site", "published_at" DESC, "id") WHERE "status" = 'published'`,
    );
    await queryRunner.query(
      `CREATE INDEX "projects_company_idx" ON "projects" ("company_id", "updated_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "project_units" (
        "id" uuid NOT NULL,
        "project_id" uuid NOT NULL,
        "site" text NOT NULL,
        "layout" text NOT NULL,
        "bedrooms" integer NOT NULL CHECK ("bedrooms" >= 0),
        "area" numeric NOT NULL CHECK ("area" > 0),
        "price" numeric NOT NULL CHECK ("price" > 0),
        "floor_plan_url" text,
        "reference" text,
        "status" text NOT NULL DEFAULT 'available' CHECK ("status" IN ('available', 'reserved', 'sold')),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "project_units_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "project_units_project_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "project_units_project_idx" ON "project_units" ("project_id", "price", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "project_units"`);
    await queryRunner.query(`DROP TABLE "projects"`);
  }
}
