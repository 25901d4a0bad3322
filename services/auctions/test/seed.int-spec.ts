import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { createMigratedDatabase, type TestDatabase } from '@manzil/testing';
import { buildDataSource } from '../src/data-source.js';
import { seed } from '../src/seed.js';

describe('auctions: demo seed', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions_seed', buildDataSource);
    dataSource = buildDataSource(db.url);
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const statuses = async () =>
    (await dataSource.query(
      `SELECT "site", CASE WHEN now() < "starts_at" THEN 'upcoming' WHEN now() < "ends_at" THEN 'live' ELSE 'closed' END AS "status", count(*)::int AS "n"
         FROM "auctions" GROUP BY 1, 2 ORDER BY 1, 2`,
    )) as { site: string; status: string; n: number }[];

  it('gives each site two live and one upcoming auction, and seeding again adds nothing', async () => {
    await seed(dataSource);
    await seed(dataSource);
    expect(await statuses()).toEqual([
      { site: 'ae', status: 'live', n: 2 },
      { site: 'ae', status: 'upcoming', n: 1 },
      { site: 'sa', status: 'live', n: 2 },
      { site: 'sa', status: 'upcoming', n: 1 },
    ]);
  });

  it('moves the times of an auction nobody bid on, and leaves one with bids alone', async () => {
    await dataSource.query(
      `UPDATE "auctions" SET "starts_at" = now() - interval '3 days', "ends_at" = now() - interval '2 days'`,
    );
    const [bidOn] = (await dataSource.query(
      `SELECT "id" FROM "auctions" WHERE "id" = '01936000-0000-7000-8000-00000000a101'`,
    )) as {
      id: string;
    }[];
    await dataSource.query(
      `INSERT INTO "bids" ("auction_id", "site", "bidder_id", "amount", "status") VALUES ($1, 'ae', gen_random_uuid(), 1, 'withdrawn')`,
      [bidOn.id],
    );
    await seed(dataSource);
    expect(await statuses()).toEqual([
      { site: 'ae', status: 'closed', n: 1 },
      { site: 'ae', status: 'live', n: 1 },
      { site: 'ae', status: 'upcoming', n: 1 },
      { site: 'sa', status: 'live', n: 2 },
      { site: 'sa', status: 'upcoming', n: 1 },
    ]);
  });
});
