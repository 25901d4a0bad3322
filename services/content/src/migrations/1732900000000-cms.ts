import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CMS: pages (replacing `static_content`, whose slugs the config now reads from published
 * pages), blogs, FAQs, top menus, banners, communities, admin info, master data, mortgage
 * settings and the public forms' messages. Texts are jsonb `{ en, ar }`.
 */
export class Cms1732900000000 implements MigrationInterface {
  name = 'Cms1732900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const site = `"site" text NOT NULL CHECK ("site" IN ('ae', 'sa'))`;
    const item = `
      "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
      ${site},
      "published" boolean NOT NULL DEFAULT true,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()`;
    await queryRunner.query(`
      CREATE TABLE "pages" (${item},
        "slug" text NOT NULL,
        "public_slug" text NOT NULL,
        "public_slug_ar" text NOT NULL,
        "title" jsonb NOT NULL,
        "body" jsonb NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        CONSTRAINT "pages_site_slug_key" UNIQUE ("site", "slug"),
        CONSTRAINT "pages_site_public_slug_key" UNIQUE ("site", "public_slug"),
        CONSTRAINT "pages_site_public_slug_ar_key" UNIQUE ("site", "public_slug_ar"))`);
    await queryRunner.query(`DROP TABLE "static_content"`);
    await queryRunner.query(`
      CREATE TABLE "blogs" (${item},
        "slug" text NOT NULL,
        "slug_ar" text NOT NULL,
        "title" jsonb NOT NULL,
        "excerpt" jsonb NOT NULL,
        "body" jsonb NOT NULL,
        "cover_image" text NOT NULL,
        "author" jsonb NOT NULL,
        "tags" jsonb NOT NULL DEFAULT '[]',
        "published_at" timestamptz,
        CONSTRAINT "blogs_site_slug_key" UNIQUE ("site", "slug"),
        CONSTRAINT "blogs_site_slug_ar_key" UNIQUE ("site", "slug_ar"))`);
    await queryRunner.query(
      `CREATE INDEX "blogs_site_published_at_idx" ON "blogs" ("site", "published_at" DESC) WHERE "published"`,
    );
    await queryRunner.query(`
      CREATE TABLE "faqs" (${item},
        "question" jsonb NOT NULL,
        "answer" jsonb NOT NULL,
        "category" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0)`);
    await queryRunner.query(
      `CREATE INDEX "faqs_site_category_idx" ON "faqs" ("site", "category", "position")`,
    );
    await queryRunner.query(`
      CREATE TABLE "menus" (${item},
        "name" jsonb NOT NULL,
        "link" jsonb NOT NULL,
        "menu_slug" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0)`);
    await queryRunner.query(`CREATE INDEX "menus_site_position_idx" ON "menus" ("site", "position")`);
    await queryRunner.query(`
      CREATE TABLE "banners" (${item},
        "placement" text NOT NULL CHECK ("placement" IN ('home', 'ad', 'side')),
        "title" jsonb NOT NULL,
        "subtitle" jsonb NOT NULL,
        "cta_label" jsonb NOT NULL,
        "link" jsonb NOT NULL,
        "image_url" text NOT NULL,
        "image_url_ar" text,
        "position" integer NOT NULL DEFAULT 0)`);
    await queryRunner.query(
      `CREATE INDEX "banners_site_placement_idx" ON "banners" ("site", "placement", "position")`,
    );
    await queryRunner.query(`
      CREATE TABLE "communities" (${item},
        "slug" text NOT NULL,
        "slug_ar" text NOT NULL,
        "name" jsonb NOT NULL,
        "city" jsonb NOT NULL,
        "city_slug" text NOT NULL,
        "summary" jsonb NOT NULL,
        "description" jsonb NOT NULL,
        "highlights" jsonb NOT NULL DEFAULT '[]',
        "cover_image" text NOT NULL,
        "latitude" double precision NOT NULL,
        "longitude" double precision NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        CONSTRAINT "communities_site_slug_key" UNIQUE ("site", "slug"),
        CONSTRAINT "communities_site_slug_ar_key" UNIQUE ("site", "slug_ar"))`);
    await queryRunner.query(`
      CREATE TABLE "admin_info" (
        ${site} PRIMARY KEY,
        "email" text NOT NULL,
        "mobile" text NOT NULL,
        "whatsapp" text NOT NULL,
        "addresses" jsonb NOT NULL DEFAULT '[]',
        "facebook_url" text,
        "linkedin_url" text,
        "twitter_url" text,
        "youtube_url" text,
        "instgram_url" text,
        "app_store_url" text,
        "play_store_url" text,
        "licence_certificate_url" text,
        "updated_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`
      CREATE TABLE "master_data_options" (
        ${site},
        "kind" text NOT NULL CHECK ("kind" IN ('propertyKinds', 'furnishing', 'amenities')),
        "value" text NOT NULL,
        "name" jsonb NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("site", "kind", "value"))`);
    await queryRunner.query(`
      CREATE TABLE "mortgage_settings" (
        ${site} PRIMARY KEY,
        "settings" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now())`);
    const message = `
      "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
      ${site},
      "name" text NOT NULL,
      "email" text NOT NULL,
      "country_code" text NOT NULL,
      "mobile" text NOT NULL,
      "message" text NOT NULL,
      "language" text NOT NULL,
      "status" text NOT NULL DEFAULT 'new' CHECK ("status" IN ('new', 'in-progress', 'answered', 'closed')),
      "reply" text,
      "replied_at" timestamptz,
      "replied_by" text,
      "created_at" timestamptz NOT NULL DEFAULT now()`;
    await queryRunner.query(`CREATE TABLE "contact_messages" (${message})`);
    await queryRunner.query(
      `CREATE INDEX "contact_messages_site_idx" ON "contact_messages" ("site", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "complaints" (${message},
        "type" text NOT NULL CHECK ("type" IN ('complaint', 'suggestion')),
        "subject" text NOT NULL,
        "account_id" text)`);
    await queryRunner.query(`CREATE INDEX "complaints_site_idx" ON "complaints" ("site", "created_at" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "feedback" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        ${site},
        "type" text NOT NULL,
        "target" text,
        "rating" integer NOT NULL CHECK ("rating" BETWEEN 1 AND 5),
        "comment" text,
        "account_id" text,
        "language" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query(`CREATE INDEX "feedback_site_idx" ON "feedback" ("site", "created_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "static_content" (
        "site" text NOT NULL,
        "slug" text NOT NULL,
        "public_slug" text NOT NULL,
        "public_slug_ar" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        CONSTRAINT "static_content_pkey" PRIMARY KEY ("site", "slug")
      )`);
    await queryRunner.query(`
      INSERT INTO "static_content" ("site", "slug", "public_slug", "public_slug_ar", "position")
      SELECT "site", "slug", "public_slug", "public_slug_ar", "position" FROM "pages"`);
    for (const table of [
      'feedback',
      'complaints',
      'contact_messages',
      'mortgage_settings',
      'master_data_options',
      'admin_info',
      'communities',
      'banners',
      'menus',
      'faqs',
      'blogs',
      'pages',
    ]) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
