import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus';
import {
  accountNafathVerifiedV1,
  accountRegisteredV1,
  subscriptionActivatedV1,
  TOPICS,
  type Site,
} from '@manzil/contracts';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  startSandbox,
  testJwksUrl,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seedLocations } from '../src/locations/locations.service.js';

type Role = 'agent' | 'company' | 'admin' | 'user';

export interface Account {
  id: string;
  site: Site;
  role: Role;
  companyId?: string;
}

/** The REGA client pair the tests' sandbox accepts (not the development default, so it is really sent). */
const REGA_CLIENT = { REGA_CLIENT_ID: 'listings-test', REGA_CLIENT_SECRET: 'listings-test-secret' };
/** The sandbox's S3 (bucket `media`) as the object storage, with the key pair it accepts. */
export const SANDBOX_S3 = {
  bucket: 'media',
  accessKeyId: 'listings-test',
  secretAccessKey: 'listings-test-secret',
};

/**
 * A listings app on a fresh database with the location master data, and helpers to talk to it.
 * With `sandbox`, the real sandbox runs beside it as REGA's advertisement validator; without,
 * REGA is an address where nothing listens (a Saudi submit then answers 503).
 */
export async function startListings({
  sandbox: withSandbox = false,
  s3 = false,
  env = {},
}: { sandbox?: boolean; s3?: boolean; env?: Record<string, string> } = {}) {
  const db: TestDatabase = await createMigratedDatabase('listings', buildDataSource);
  const namespace = testNamespace('listings');
  const sandbox =
    withSandbox || s3
      ? await startSandbox({
          ...REGA_CLIENT,
          S3_ACCESS_KEY_ID: SANDBOX_S3.accessKeyId,
          S3_SECRET_ACCESS_KEY: SANDBOX_S3.secretAccessKey,
          S3_BUCKETS: SANDBOX_S3.bucket,
        })
      : null;
  // With `s3`, the media go to the sandbox's S3 through the storage port's S3 engine.
  const storageEnv: Record<string, string> =
    s3 && sandbox
      ? {
          STORAGE_ENGINE: 's3',
          S3_ENDPOINT: `${sandbox.url}/s3`,
          S3_BUCKET: SANDBOX_S3.bucket,
          S3_REGION: 'me-central-1',
          S3_ACCESS_KEY_ID: SANDBOX_S3.accessKeyId,
          S3_SECRET_ACCESS_KEY: SANDBOX_S3.secretAccessKey,
        }
      : {};
  const config = envSchema.parse({
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    BUS_NAMESPACE: namespace,
    JWT_JWKS_URL: testJwksUrl(),
    PORT: 0,
    REGA_URL: sandbox?.url ?? 'http://127.0.0.1:9',
    REGA_TIMEOUT_MS: 5_000,
    ...REGA_CLIENT,
    ...storageEnv,
    ...env,
  });
  const app: INestApplication = await createTestApp(AppModule.forRoot(config));
  const dataSource = app.get(DataSource);
  await seedLocations(dataSource);

  /** A request as `account` (null: a visitor); `.expect(status)` sends it and checks the status. */
  const call = (
    account: Account | null,
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    { body, site, language }: { body?: object; site?: Site; language?: 'en' | 'ar' } = {},
  ) => ({
    expect: async (status: number) => {
      let req = request(app.getHttpServer())
        [method](path)
        .set('x-site', site ?? account?.site ?? 'ae');
      if (language) req = req.set('language', language);
      if (account) {
        const token = await tokenFor(account.role, {
          site: account.site,
          sub: account.id,
          companyId: account.companyId,
        });
        req = req.set('authorization', `Bearer ${token}`);
      }
      return (body ? req.send(body) : req).expect(status);
    },
  });

  /** Announces accounts and plans as identity and payments do: through the outbox, the bus and our consumers. */
  const announce = async (
    site: Site,
    events: (
      | { registered: Account }
      | { nafath: Account }
      | { plan: { accountId: string; propertyQuota: number; ended?: boolean } }
    )[],
  ) => {
    await dataSource.transaction(async (manager) => {
      for (const e of events) {
        if ('registered' in e)
          await enqueue(
            manager,
            TOPICS.identityAccount,
            newEvent(accountRegisteredV1, site, e.registered.id, {
              accountId: e.registered.id,
              role: e.registered.role,
              companyId: e.registered.companyId ?? null,
              language: 'en',
            }),
          );
        else if ('nafath' in e)
          await enqueue(
            manager,
            TOPICS.identityAccount,
            newEvent(accountNafathVerifiedV1, site, e.nafath.id, {
              accountId: e.nafath.id,
              verifiedAt: new Date().toISOString(),
            }),
          );
        else {
          const subscriptionId = randomUUID();
          const now = Date.now();
          await enqueue(
            manager,
            TOPICS.paymentsSubscription,
            newEvent(subscriptionActivatedV1, site, subscriptionId, {
              subscriptionId,
              accountId: e.plan.accountId,
              plan: 'Gold',
              propertyQuota: e.plan.propertyQuota,
              agentQuota: 5,
              startsAt: new Date(now - 86_400_000 * 2).toISOString(),
              endsAt: new Date(e.plan.ended ? now - 86_400_000 : now + 86_400_000 * 30).toISOString(),
            }),
          );
        }
      }
    });
  };

  /** Waits until the consumers have applied `count` events of the inbox. */
  const applied = async (count: number) =>
    expectEventually(
      async () => {
        const [{ n }] = (await dataSource.query(`SELECT count(*)::int AS n FROM "inbox"`)) as { n: number }[];
        if (n < count) throw new Error(`${n} of ${count} events applied`);
      },
      { timeoutMs: 20_000 },
    );

  /**
   * Announces `events` (as `announce` does) and waits until the consumers have applied them: until
   * the inbox holds as many more events as were announced.
   */
  const announceApplied = async (site: Site, events: Parameters<typeof announce>[1]) => {
    const [{ n: before }] = (await dataSource.query(`SELECT count(*)::int AS n FROM "inbox"`)) as {
      n: number;
    }[];
    await announce(site, events);
    await applied(before + events.length);
  };

  /** Uploads photos as the wizard does (multipart `files`). */
  const upload = async (
    acc: Account,
    id: string,
    files: { name: string; bytes: Buffer }[],
    status: number,
  ) => {
    const token = await tokenFor(acc.role, { site: acc.site, sub: acc.id, companyId: acc.companyId });
    let req = request(app.getHttpServer())
      .post(`/v1/properties/${id}/photos`)
      .set('x-site', acc.site)
      .set('authorization', `Bearer ${token}`);
    for (const file of files) req = req.attach('files', file.bytes, file.name);
    return req.expect(status);
  };

  const outbox = async (key: string) =>
    (
      (await dataSource.query(`SELECT "event" FROM "outbox" WHERE "key" = $1 ORDER BY "id"`, [key])) as {
        event: { type: string; version: number; site: string; payload: Record<string, unknown> };
      }[]
    ).map((row) => row.event);

  const auditTrail = async (id: string) =>
    (
      (await dataSource.query(
        `SELECT "actor_id", "actor_role", "action", "detail" FROM "property_audit" WHERE "property_id" = $1 ORDER BY "id"`,
        [id],
      )) as { actor_id: string | null; actor_role: string; action: string; detail: Record<string, unknown> }[]
    ).map((row) => ({ actorId: row.actor_id, role: row.actor_role, action: row.action, detail: row.detail }));

  const close = async () => {
    await app.close();
    await sandbox?.stop();
    await db.drop();
  };

  return {
    app,
    dataSource,
    sandbox,
    call,
    announce,
    applied,
    announceApplied,
    upload,
    outbox,
    auditTrail,
    close,
  };
}

export const account = (site: Site, role: Role, companyId?: string): Account => ({
  id: randomUUID(),
  site,
  role,
  companyId,
});

/** A complete UAE draft in Dubai Marina, as the wizard sends it over its steps. */
export const completeAe = {
  propertyType: 'buy',
  kind: 'apartment',
  title: { en: 'Marina view apartment', ar: 'شقة مطلة على المارينا' },
  description: { en: 'Two bedrooms on a high floor.', ar: 'غرفتا نوم في طابق مرتفع.' },
  price: '2,850,000'.replace(/,/g, ''),
  bedrooms: 2,
  bathrooms: 3,
  builtUpArea: '1450',
  agreementType: 'exclusive-plus',
  furnishing: 'furnished',
  cityId: 'ae.dubai',
  communityId: 'ae.dubai.dubai-marina',
  subCommunityId: 'ae.dubai.dubai-marina.marina-promenade',
  buildingId: 'ae.dubai.dubai-marina.marina-promenade.delphine-tower',
  latitude: 25.0776,
  longitude: 55.1391,
  amenities: ['pool', 'gym'],
  permitNumber: '7114567890',
} as const;

/** A complete Saudi draft in Riyadh, Al Malqa, with its ad licence. */
export const completeSa = {
  propertyType: 'rent',
  kind: 'villa',
  title: { en: 'Family villa in Al Malqa', ar: 'فيلا عائلية في الملقا' },
  priceYearly: '١٢٠٠٠٠',
  bedrooms: 5,
  bathrooms: 6,
  builtUpArea: '450',
  agreementType: 'exclusive',
  cityId: 'sa.riyadh',
  communityId: 'sa.riyadh.al-malqa',
  latitude: 24.812,
  longitude: 46.62,
  regulator: {
    advertiserId: '1012345678',
    adLicenseNumber: '7200001234',
    creationDate: '2026-01-01',
    endDate: '2027-01-01',
    channels: ['licensedPlatform'],
  },
} as const;

export const deed = {
  title: 'Title deed',
  fileName: 'deed.pdf',
  contentType: 'application/pdf',
  sizeBytes: 120_000,
};

/** A generated photo (png unless told), `width` × `height`, of one colour. */
export async function photo(width = 800, height = 600, format: 'png' | 'jpeg' | 'gif' = 'png') {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (width * 7) % 255, g: 140, b: (height * 3) % 255 },
    },
  });
  const bytes = await (
    format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.gif()
  ).toBuffer();
  return { name: `photo-${width}x${height}.${format}`, bytes };
}

/** The six photos a listing needs before it is sent for approval. */
export async function sixPhotos() {
  return Promise.all([1, 2, 3, 4, 5, 6].map((i) => photo(600 + i * 10, 400)));
}
