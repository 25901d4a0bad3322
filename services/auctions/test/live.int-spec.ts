import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AuctionPriceMessage } from '@manzil/contracts';
import {
  baseUrlOf,
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  serviceTestEnv,
  testNamespace,
  tokenFor,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { insertAuction } from './fixtures.js';

/** An open text/event-stream: its `price` messages as they come. */
interface Stream {
  response: IncomingMessage;
  prices: AuctionPriceMessage[];
  close: () => void;
}

function openStream(url: string, site: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { 'x-site': site, accept: 'text/event-stream' } }, (response) => {
      const prices: AuctionPriceMessage[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: price') && data)
            prices.push(JSON.parse(data.slice(6)) as AuctionPriceMessage);
        }
      });
      resolve({ response, prices, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

describe('auctions: live price over SSE, across replicas', () => {
  let db: TestDatabase;
  let replicaA: INestApplication;
  let replicaB: INestApplication;
  let replicaBClosed = false;
  const namespace = testNamespace('auctions-live');

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions_live', buildDataSource);
    const env = envSchema.parse(serviceTestEnv(db, namespace));
    replicaA = await createTestApp(AppModule.forRoot(env));
    replicaB = await createTestApp(AppModule.forRoot(env));
  });

  afterAll(async () => {
    await replicaA?.close();
    if (!replicaBClosed) await replicaB?.close();
    await db?.drop();
  });

  it('pushes the new price to a stream on one replica when a bid is accepted on the other', async () => {
    const id = await insertAuction(replicaA.get(DataSource), { startingPrice: 300_000, minIncrement: 1_000 });
    const stream = await openStream(`${baseUrlOf(replicaA)}/v1/auctions/${id}/events`, 'ae');
    try {
      expect(stream.response.statusCode).toBe(200);
      expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
      await expectEventually(async () => expect(stream.prices).toHaveLength(1));
      expect(stream.prices[0]).toMatchObject({
        auctionId: id,
        currentPrice: 300_000,
        minimumBid: 301_000,
        status: 'live',
      });
      const token = await tokenFor('user', { site: 'ae' });
      const placed = await request(replicaB.getHttpServer())
        .post(`/v1/auctions/${id}/bids`)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${token}`)
        .send({ amount: 305_000 })
        .expect(201);
      await expectEventually(async () => expect(stream.prices).toHaveLength(2));
      expect(stream.prices[1]).toEqual({
        auctionId: id,
        currentPrice: 305_000,
        minimumBid: 306_000,
        bidCount: 1,
        leadingBidId: placed.body.results.id,
        status: 'live',
      });
    } finally {
      stream.close();
    }
  });

  it('ends its open streams when the replica shuts down, so the shutdown does not wait on them', async () => {
    const id = await insertAuction(replicaB.get(DataSource));
    const stream = await openStream(`${baseUrlOf(replicaB)}/v1/auctions/${id}/events`, 'ae');
    const ended = new Promise<void>((resolve) => stream.response.on('end', resolve));
    await replicaB.close();
    replicaBClosed = true;
    await ended;
    expect(stream.prices.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 in the envelope for an auction of another site', async () => {
    const id = await insertAuction(replicaA.get(DataSource), { site: 'sa' });
    const response = await request(replicaA.getHttpServer())
      .get(`/v1/auctions/${id}/events`)
      .set('x-site', 'ae');
    expect(response.status).toBe(404);
    expect(response.body.success).toBe(false);
  });
});
