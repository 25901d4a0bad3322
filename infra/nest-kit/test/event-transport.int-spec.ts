import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import {
  accountRegisteredV1,
  listingApprovedV1,
  TOPICS,
  type EventEnvelope,
  type PropertySummary,
} from '@manzil/contracts';
import {
  busEntities,
  createEventBus,
  CreateOutboxInbox1710000000000,
  InfrastructureUnavailableError,
  newEvent,
  type EventBus,
} from '@manzil/bus';
import {
  BusContext,
  BusModule,
  configureApp,
  connectEventTransport,
  EventInbox,
  ManzilKitModule,
  ParseEventPipe,
  startService,
} from '../src/index.js';

// @manzil/testing builds on this package, so this spec makes its own database and app.
const PG_URL = process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function eventually<T>(assertion: () => T | Promise<T>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** What the handlers saw, and switches the tests flip. */
const seen: { id: string; type: string; topic: string; group: string; payload: unknown }[] = [];
const calls: string[] = [];
const outage = { active: false };
const slow = { ms: 0, started: false };

@Controller()
class ProbeEventsController {
  constructor(private readonly inbox: EventInbox) {}

  // <string>: Nest 12.1's typed overload would type every parameter after the payload as unknown.
  @EventPattern<string>(listingApprovedV1.type)
  async approved(
    @Payload(new ParseEventPipe(listingApprovedV1)) event: EventEnvelope<PropertySummary>,
    @Ctx() context: BusContext,
  ): Promise<void> {
    calls.push(event.id);
    if (outage.active) throw new InfrastructureUnavailableError('search cluster unreachable');
    slow.started = true;
    await this.inbox.handleOnce(event, async (manager) => {
      await manager.query(`INSERT INTO projected (event_id) VALUES ($1)`, [event.id]);
      if (slow.ms) await new Promise((resolve) => setTimeout(resolve, slow.ms));
    });
    seen.push({
      id: event.id,
      type: event.type,
      topic: context.getTopic(),
      group: context.getGroup(),
      payload: event.payload,
    });
  }

  @EventPattern<string>(accountRegisteredV1.type)
  async registered(@Payload() event: EventEnvelope, @Ctx() context: BusContext): Promise<void> {
    seen.push({
      id: event.id,
      type: event.type,
      topic: context.getTopic(),
      group: context.getGroup(),
      payload: event.payload,
    });
  }
}

const summary = (): PropertySummary => {
  const id = randomUUID();
  return {
    id,
    site: 'ae',
    slug: `listing-${id}`,
    title: { en: 'Marina apartment', ar: 'شقة في المارينا' },
    propertyType: 'buy',
    kind: 'apartment',
    price: 1_500_000,
    currency: 'AED',
    bedrooms: 2,
    bathrooms: 2,
    area: 1_200,
    areaUnit: 'sqft',
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Marina', ar: 'المارينا' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: '/media/cover.svg',
    agreementType: 'exclusive',
    agentName: 'Test Agent',
    approvedAt: new Date().toISOString(),
  };
};

describe('@EventPattern handlers on the bus transport', () => {
  const database = `nestkit_${randomBytes(4).toString('hex')}`;
  const namespace = `t:nest-kit:${randomBytes(4).toString('hex')}`;
  const url = (() => {
    const u = new URL(PG_URL);
    u.pathname = `/${database}`;
    return u.toString();
  })();
  const redis = new Redis(REDIS_URL);
  let app: INestApplication;
  let publisher: EventBus;
  let db: DataSource;
  let logLevel: string | undefined;

  @Module({
    imports: [
      ManzilKitModule.forRoot({ service: 'probe' }),
      TypeOrmModule.forRoot({ type: 'postgres', url, entities: busEntities }),
      BusModule.forRoot({
        clientId: 'probe',
        redisUrl: REDIS_URL,
        namespace,
        retry: { maxAttempts: 2, retryDelaysMs: [50], pauseProbeDelaysMs: [50, 100] },
      }),
    ],
    controllers: [ProbeEventsController],
  })
  class ProbeModule {}

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    db = new DataSource({
      type: 'postgres',
      url,
      entities: busEntities,
      migrations: [CreateOutboxInbox1710000000000],
    });
    await db.initialize();
    await db.runMigrations();
    await db.query(`CREATE TABLE projected (event_id uuid NOT NULL)`);
    logLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent';
    // The production bootstrap: the same call as every service's main.ts.
    app = await startService('probe', ProbeModule, 0);
    publisher = createEventBus({ clientId: 'probe-test', redisUrl: REDIS_URL, namespace });
  });

  afterAll(async () => {
    await publisher?.close();
    await app?.close();
    await db?.destroy();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    if (logLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = logLevel;
  });

  const dlq = (topic: string) => redis.xrange(`${namespace}:${topic}.dlq`, '-', '+');

  it('consumes the topics of its handlers’ event types as the service’s group, with the envelope and its topic', async () => {
    const listing = summary();
    const approved = newEvent(listingApprovedV1, 'ae', listing.id, listing);
    const registered = newEvent(accountRegisteredV1, 'sa', randomUUID(), {
      accountId: randomUUID(),
      role: 'customer',
      companyId: null,
      language: 'ar',
    });
    await publisher.publish(TOPICS.listingsProperty, approved);
    await publisher.publish(TOPICS.identityAccount, registered);
    await eventually(() => expect(seen.map((s) => s.id).sort()).toEqual([approved.id, registered.id].sort()));
    expect(seen.find((s) => s.id === approved.id)).toMatchObject({
      type: 'listing.approved',
      topic: 'listings.property',
      group: 'probe',
      payload: listing,
    });
    expect(seen.find((s) => s.id === registered.id)).toMatchObject({
      topic: 'identity.account',
      group: 'probe',
    });
    // Exactly the two topics of its types, nothing else.
    const streams = (await redis.keys(`${namespace}:*`)).filter((k) => !k.endsWith('.dlq')).sort();
    expect(streams).toEqual([`${namespace}:identity.account`, `${namespace}:listings.property`]);
  });

  it('acks an event of a type it has no handler for, and goes on', async () => {
    const before = seen.length;
    const other = newEvent({ type: 'listing.withdrawn', version: 1 }, 'ae', randomUUID(), {
      id: randomUUID(),
      reason: 'sold',
    });
    const listing = summary();
    const next = newEvent(listingApprovedV1, 'ae', listing.id, listing);
    await publisher.publish(TOPICS.listingsProperty, other);
    await publisher.publish(TOPICS.listingsProperty, next);
    await eventually(() => expect(seen.slice(before).map((s) => s.id)).toEqual([next.id]));
    await eventually(async () =>
      expect((await redis.xpending(`${namespace}:listings.property`, 'probe'))[0]).toBe(0),
    );
    expect(await dlq('listings.property')).toEqual([]);
  });

  it('dead-letters a version it does not handle, after the retries', async () => {
    const listing = summary();
    const v2 = newEvent({ type: 'listing.approved', version: 2 }, 'ae', listing.id, listing);
    await publisher.publish(TOPICS.listingsProperty, v2);
    const [[, fields]] = await eventually(async () => {
      const entries = await dlq('listings.property');
      expect(entries).toHaveLength(1);
      return entries;
    });
    expect(fields[fields.indexOf('error') + 1]).toBe(
      'listing.approved v2 is not handled here (handled versions: 1)',
    );
    expect(fields[fields.indexOf('attempts') + 1]).toBe('2');
    await redis.del(`${namespace}:listings.property.dlq`);
  });

  it('hands the handler’s own error to the bus: an outage pauses without spending the 2 attempts', async () => {
    outage.active = true;
    const listing = summary();
    const event = newEvent(listingApprovedV1, 'ae', listing.id, listing);
    await publisher.publish(TOPICS.listingsProperty, event);
    // Nest's default filter would have turned the error into "Internal server error", a
    // handler failure: dead-lettered after its second call.
    await eventually(() => expect(calls.filter((id) => id === event.id).length).toBeGreaterThanOrEqual(4));
    expect(await dlq('listings.property')).toEqual([]);
    outage.active = false;
    await eventually(() => expect(seen.map((s) => s.id)).toContain(event.id));
    expect(await dlq('listings.property')).toEqual([]);
  });

  it('applies a duplicate delivery once: the inbox row commits with the handler’s writes', async () => {
    const listing = summary();
    const event = newEvent(listingApprovedV1, 'ae', listing.id, listing);
    await publisher.publish(TOPICS.listingsProperty, event);
    await publisher.publish(TOPICS.listingsProperty, event);
    await eventually(() => expect(calls.filter((id) => id === event.id)).toHaveLength(2));
    await eventually(async () =>
      expect((await redis.xpending(`${namespace}:listings.property`, 'probe'))[0]).toBe(0),
    );
    expect(await db.query(`SELECT event_id FROM projected WHERE event_id = $1`, [event.id])).toHaveLength(1);
    expect(await db.query(`SELECT consumer FROM inbox WHERE event_id = $1`, [event.id])).toEqual([
      { consumer: 'probe' },
    ]);
  });

  it('refuses to start with a handler of a type no topic is known for', async () => {
    @Controller()
    class TypoController {
      @EventPattern('listing.aproved')
      async handle(_event: unknown): Promise<void> {}
    }
    @Module({
      imports: [
        TypeOrmModule.forRoot({ type: 'postgres', url, entities: busEntities }),
        BusModule.forRoot({ clientId: 'typo', redisUrl: REDIS_URL, namespace }),
      ],
      controllers: [TypoController],
    })
    class TypoModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TypoModule] }).compile();
    const typo = moduleRef.createNestApplication({ logger: false });
    configureApp(typo);
    connectEventTransport(typo);
    await typo.init();
    await expect(typo.startAllMicroservices()).rejects.toThrow(
      "@EventPattern('listing.aproved'): no topic for this event type in contracts' EVENT_TOPICS",
    );
    await typo.close();
  });

  it('lets a handler in flight finish before the database closes at shutdown', async () => {
    slow.ms = 500;
    slow.started = false;
    const listing = summary();
    const event = newEvent(listingApprovedV1, 'ae', listing.id, listing);
    await publisher.publish(TOPICS.listingsProperty, event);
    await eventually(() => expect(slow.started).toBe(true));
    await app.close();
    app = undefined as unknown as INestApplication;
    expect(await db.query(`SELECT event_id FROM projected WHERE event_id = $1`, [event.id])).toHaveLength(1);
    expect((await redis.xpending(`${namespace}:listings.property`, 'probe'))[0]).toBe(0);
  });
});
