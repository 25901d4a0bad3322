import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ownedPropertySchema, VIDEO_LIMITS } from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { account, completeAe, startListings, type Account } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const otherCompany = account('ae', 'company');
const stranger = account('ae', 'agent', otherCompany.id);

beforeAll(async () => {
  h = await startListings();
  await h.announce('ae', [
    { registered: company },
    { registered: agent },
    { registered: otherCompany },
    { registered: stranger },
    { plan: { accountId: company.id, propertyQuota: 10 } },
  ]);
  await h.applied(5);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** The first bytes of an mp4: a `ftyp` box of brand isom, then some payload. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.alloc(4),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.alloc(256, 3),
]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(256, 1)]);

async function upload(
  acc: Account,
  id: string,
  bytes: Buffer,
  name: string,
  status: number,
  language = 'en',
) {
  const token = await tokenFor(acc.role, { site: acc.site, sub: acc.id, companyId: acc.companyId });
  return request(h.app.getHttpServer())
    .post(`/v1/properties/${id}/videos`)
    .set('x-site', acc.site)
    .set('language', language)
    .set('authorization', `Bearer ${token}`)
    .attach('file', bytes, name)
    .expect(status);
}

const owned = (body: { results: unknown }) => ownedPropertySchema.parse(body.results);

describe('listing videos as files (spec §5: at most 2, mp4, under 50 MB)', () => {
  it('stores an mp4, adds its path to the videos, serves it, and refuses a third and other types', async () => {
    const { body: created } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    const id = owned(created).id;

    const { body } = await upload(agent, id, MP4, 'tour.mp4', 201);
    const [path] = (owned(body).draft.videos as string[] | undefined) ?? [];
    expect(path).toMatch(/^\/api\/listings\/v1\/media\/videos\/[0-9a-f-]{36}$/);
    const served = await request(h.app.getHttpServer())
      .get(path.replace('/api/listings', ''))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(served.body as Buffer, MP4)).toBe(0);
    // Byte ranges, as Safari asks for them before playing and every player when seeking.
    const bytes = (range: string, status: number) =>
      request(h.app.getHttpServer())
        .get(path.replace('/api/listings', ''))
        .set('range', range)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(status);
    const first = await bytes('bytes=0-1', 206);
    expect(first.headers['content-range']).toBe(`bytes 0-1/${MP4.length}`);
    expect(Buffer.compare(first.body as Buffer, MP4.subarray(0, 2))).toBe(0);
    const tail = await bytes('bytes=-16', 206);
    expect(tail.headers['content-range']).toBe(`bytes ${MP4.length - 16}-${MP4.length - 1}/${MP4.length}`);
    expect(Buffer.compare(tail.body as Buffer, MP4.subarray(-16))).toBe(0);
    const past = await bytes(`bytes=${MP4.length}-`, 416);
    expect(past.headers['content-range']).toBe(`bytes */${MP4.length}`);

    // The path the upload gave is a video the wizard may save back with PATCH.
    await h.call(agent, 'patch', `/v1/properties/${id}`, { body: { videos: [path] } }).expect(200);

    const webm = await upload(agent, id, WEBM, 'tour.mp4', 422, 'ar');
    expect(webm.body.results.fields).toEqual([{ field: 'videos', message: 'يُسمح فقط بمقاطع فيديو MP4.' }]);
    await upload(agent, id, MP4, 'second.mp4', 201);
    const third = await upload(agent, id, MP4, 'third.mp4', 422);
    expect(third.body.results.fields).toEqual([
      { field: 'videos', message: 'You can add at most 2 videos.' },
    ]);
    // Not theirs: as if it did not exist.
    await upload(stranger, id, MP4, 'tour.mp4', 404);
  });

  it('refuses a file of 50 MB or more on the field, before storing it', async () => {
    const { body: created } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    const big = Buffer.concat([MP4, Buffer.alloc(VIDEO_LIMITS.maxBytes)]);
    const { body } = await upload(agent, owned(created).id, big, 'big.mp4', 422);
    expect(body.results.fields).toEqual([
      { field: 'videos', message: 'The video must be smaller than 50 MB.' },
    ]);
  }, 60_000);
});
