import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ownedPropertySchema, VIDEO_LIMITS } from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { uploadFilePrefix } from '../src/media/multipart.js';
import { account, completeAe, startListings, type Account } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const otherCompany = account('ae', 'company');
const stranger = account('ae', 'agent', otherCompany.id);

// Uploads are written to os.tmpdir() under names holding the pid: the service runs in this
// process, so these are the temporary files of this file's uploads, and of no other run's.
const leftovers = async () => (await readdir(tmpdir())).filter((name) => name.startsWith(uploadFilePrefix()));

beforeAll(async () => {
  h = await startListings();
  await h.announceApplied('ae', [
    { registered: company },
    { registered: agent },
    { registered: otherCompany },
    { registered: stranger },
    { plan: { accountId: company.id, propertyQuota: 10 } },
  ]);
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

/** A served video's bytes (the whole file or the range asked for), with the answer's headers. */
const served = (path: string, status: number, headers: Record<string, string> = {}) =>
  request(h.app.getHttpServer())
    .get(path.replace('/api/listings', ''))
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(status);

describe('listing videos as files (spec §5: at most 2, mp4, under 50 MB)', () => {
  it('stores an mp4, adds its path to the videos, serves it, and refuses a third and other types', async () => {
    const { body: created } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    const id = owned(created).id;

    const { body } = await upload(agent, id, MP4, 'tour.mp4', 201);
    const [path] = (owned(body).draft.videos as string[] | undefined) ?? [];
    expect(path).toMatch(/^\/api\/listings\/v1\/media\/videos\/[0-9a-f-]{36}$/);
    const whole = await served(path, 200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(whole.body as Buffer, MP4)).toBe(0);
    // Byte ranges, as Safari asks for them before playing and every player when seeking.
    const bytes = (range: string, status: number) => served(path, status, { range });
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

  it('refuses a file of 50 MB or more on the field, before storing it, and leaves no temporary file', async () => {
    const { body: created } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    const big = Buffer.concat([MP4, Buffer.alloc(VIDEO_LIMITS.maxBytes)]);
    const { body } = await upload(agent, owned(created).id, big, 'big.mp4', 422);
    expect(body.results.fields).toEqual([
      { field: 'videos', message: 'The video must be smaller than 50 MB.' },
    ]);
    expect(await leftovers()).toEqual([]);
    const property = await h.call(agent, 'get', `/v1/owner/properties/${owned(created).id}`).expect(200);
    expect(owned(property.body).draft.videos).toEqual(owned(created).draft.videos);
  }, 60_000);

  it('streams a video in through a temporary file it then removes, and out by ranges equal to slices of the upload', async () => {
    const { body: created } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    const id = owned(created).id;
    // 3 MB that do not repeat every 256 bytes, so a slice from the wrong place cannot match.
    const payload = Buffer.from(
      Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31 + (i >> 8)) & 0xff),
    );
    const video = Buffer.concat([MP4.subarray(0, 24), payload]);

    const { body } = await upload(agent, id, video, 'long-tour.mp4', 201);
    expect(await leftovers()).toEqual([]);
    const [path] = (owned(body).draft.videos as string[] | undefined) ?? [];

    const whole = await served(path, 200);
    expect(whole.headers['content-length']).toBe(String(video.length));
    expect(Buffer.compare(whole.body as Buffer, video)).toBe(0);
    for (const [start, end] of [
      [0, 11],
      [1_000_000, 2_100_000],
      [video.length - 1, video.length - 1],
    ]) {
      const part = await served(path, 206, { range: `bytes=${start}-${end}` });
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(part.headers['content-length']).toBe(String(end - start + 1));
      expect(part.headers['content-type']).toBe('video/mp4');
      expect(Buffer.compare(part.body as Buffer, video.subarray(start, end + 1))).toBe(0);
    }
    // HEAD: the size and headers, without opening the video.
    const head = await request(h.app.getHttpServer()).head(path.replace('/api/listings', '')).expect(200);
    expect(head.headers['content-length']).toBe(String(video.length));
    // An open-ended range runs to the end of the file.
    const rest = await served(path, 206, { range: 'bytes=3000000-' });
    expect(Buffer.compare(rest.body as Buffer, video.subarray(3_000_000))).toBe(0);

    // The id is the ETag: a player that has the video is answered 304, without the bytes.
    expect(whole.headers.etag).toBe(`"${path.split('/').pop()}"`);
    const again = await served(path, 304, { 'if-none-match': whole.headers.etag as string });
    expect((again.body as Buffer).length).toBe(0);

    // Refused by its content, and refused as not theirs: the temporary file is gone either way.
    await upload(agent, id, WEBM, 'tour.mp4', 422);
    expect(await leftovers()).toEqual([]);
    await upload(stranger, id, video, 'tour.mp4', 404);
    expect(await leftovers()).toEqual([]);
  }, 60_000);

  it('answers 404 for a video that was never uploaded', async () => {
    await request(h.app.getHttpServer())
      .get('/v1/media/videos/4d1b0c8e-1d5c-4a43-9d2b-2a9c3c0f5e11')
      .expect(404);
    await request(h.app.getHttpServer())
      .get('/v1/media/videos/4d1b0c8e-1d5c-4a43-9d2b-2a9c3c0f5e11')
      .set('range', 'bytes=0-1')
      .expect(404);
  });
});
