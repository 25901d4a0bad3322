import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { QueueEvents } from 'bullmq';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { FIELD_MESSAGES } from '@manzil/contracts';
import { expectEventually, startSandbox, type SandboxProcess } from '@manzil/testing';
import { Upload } from '../src/uploads/upload.entity.js';
import { ExpireUnclaimedUploads } from '../src/uploads/expire-unclaimed-uploads.job.js';
import {
  bullConnection,
  EXPIRE_UPLOADS_JOB,
  UploadExpirySchedule,
  UPLOADS_QUEUE,
} from '../src/uploads/upload-expiry.module.js';
import { uploadKey } from '../src/uploads/uploads.service.js';
import { PASSWORD, PNG, startHarness, type Harness } from './harness.js';

let mobileSeq = 0;
const nextMobile = () => `5${String(50000000 + ++mobileSeq)}`;

/** A 40×20 JPEG (left half blue) with a GPS position and camera serial in EXIF, turned by orientation 6. */
async function jpegWithGps(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'LeakyPhone', Model: 'Serial 12345' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '25/1 11/1 4032/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '55/1 16/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function upload(h: Harness, bytes: Buffer, name = 'photo.jpg', contentType = 'image/jpeg', language = 'en') {
  return h
    .http()
    .post('/v1/uploads')
    .set('x-site', 'ae')
    .set('language', language)
    .attach('file', bytes, { filename: name, contentType });
}

/** Registers a company whose logo is `logoId`: the registration claims the upload. */
function registerCompany(h: Harness, logoId: string) {
  const mobile = nextMobile();
  return h
    .http()
    .post('/v1/auth/register/company')
    .set('x-site', 'ae')
    .send({
      name: 'Marina Homes',
      orn: '54321',
      authorizedPerson: 'Sara Ali',
      headOffice: 'Dubai Marina',
      email: `${mobile}@example.com`,
      countryCode: '+971',
      mobile,
      logoId,
      latitude: 25.08,
      longitude: 55.14,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    });
}

describe('uploads on the filesystem engine', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  }, 30_000);
  afterAll(async () => {
    await h?.close();
  });

  it('serves the image encoded again: no EXIF, no GPS position, turned upright', async () => {
    const sent = await jpegWithGps();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const stored = await upload(h, sent).expect(201);
    const served = await h
      .http()
      .get(`/v1/uploads/${stored.body.results.id}`)
      .set('x-site', 'ae')
      .expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const body = served.body as Buffer;
    const metadata = await sharp(body).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(body.includes(Buffer.from('LeakyPhone'))).toBe(false);
    expect(body.includes(Buffer.from('Exif\0\0'))).toBe(false);
  });

  it('refuses what is not an image by its content, whatever its name and declared type (ar)', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
    const refused = await upload(h, pdf, 'photo.jpg', 'image/jpeg', 'ar').expect(422);
    expect(refused.body.results.fields).toEqual([{ field: 'file', message: FIELD_MESSAGES['file.type'].ar }]);
    const fakeJpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html>not an image</html>'),
    ]);
    await upload(h, fakeJpeg).expect(422);
  });

  it('deletes an anonymous upload nobody claimed within a day, and keeps the one an account claimed', async () => {
    const unclaimed = (await upload(h, PNG, 'a.png', 'image/png').expect(201)).body.results.id as string;
    const claimed = (await upload(h, PNG, 'b.png', 'image/png').expect(201)).body.results.id as string;
    await registerCompany(h, claimed).expect(201);
    const rows = h.app.get(DataSource).getRepository(Upload);
    expect(await rows.findOneByOrFail({ id: unclaimed })).toMatchObject({
      ownerId: null,
      expiresAt: expect.any(Date),
    });
    expect(await rows.findOneByOrFail({ id: claimed })).toMatchObject({
      ownerId: expect.any(String),
      expiresAt: null,
    });

    // A day later the job runs (driven directly with its clock).
    const later = new Date(Date.now() + (h.config.UPLOAD_CLAIM_SECONDS + 60) * 1000);
    expect(await h.app.get(ExpireUnclaimedUploads).execute(later)).toBeGreaterThanOrEqual(1);
    expect(await rows.findOneBy({ id: unclaimed })).toBeNull();
    expect(existsSync(join(String(h.config.STORAGE_DIR), uploadKey(unclaimed)))).toBe(false);
    await h.http().get(`/v1/uploads/${unclaimed}`).set('x-site', 'ae').expect(404);
    await h.http().get(`/v1/uploads/${claimed}`).set('x-site', 'ae').expect(200);
    expect(existsSync(join(String(h.config.STORAGE_DIR), uploadKey(claimed)))).toBe(true);
  });

  it("does not let another account take an upload already claimed (a public logo's id)", async () => {
    const logo = (await upload(h, PNG, 'logo.png', 'image/png').expect(201)).body.results.id as string;
    await registerCompany(h, logo).expect(201);
    const second = await registerCompany(h, logo).expect(422);
    expect(second.body.results.fields).toEqual([
      { field: 'logoId', message: FIELD_MESSAGES['logo.required'].en },
    ]);
  });
});

describe('uploads on the S3 engine (the sandbox) with the expiry job run by BullMQ', () => {
  const credentials = { accessKeyId: 'identity-test', secretAccessKey: 'identity-test-secret' };
  let sandbox: SandboxProcess;
  let h: Harness;
  let s3: S3Client;
  let events: QueueEvents;

  beforeAll(async () => {
    sandbox = await startSandbox({
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_BUCKETS: 'identity-media',
    });
    h = await startHarness({
      STORAGE_ENGINE: 's3',
      S3_ENDPOINT: `${sandbox.url}/s3`,
      S3_BUCKET: 'identity-media',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      // A short claim window, so an upload expires during the test.
      UPLOAD_CLAIM_SECONDS: 1,
    });
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint: `${sandbox.url}/s3`,
      forcePathStyle: true,
      credentials,
    });
    events = new QueueEvents(UPLOADS_QUEUE, {
      connection: bullConnection(h.config.REDIS_URL),
      prefix: `${h.namespace}:identity:bull`,
    });
    await events.waitUntilReady();
  }, 60_000);

  afterAll(async () => {
    s3?.destroy();
    await events?.close();
    await h?.close();
    await sandbox?.stop();
  });

  const object = (id: string) =>
    s3
      .send(new GetObjectCommand({ Bucket: 'identity-media', Key: uploadKey(id) }))
      .then(async (found) => Buffer.from(await found.Body!.transformToByteArray()));

  it('keeps the cleaned bytes in the bucket, and the scheduled job deletes what nobody claimed', async () => {
    const unclaimed = (await upload(h, await jpegWithGps()).expect(201)).body.results.id as string;
    const claimed = (await upload(h, PNG, 'logo.png', 'image/png').expect(201)).body.results.id as string;
    await registerCompany(h, claimed).expect(201);
    const inBucket = await object(unclaimed);
    expect((await sharp(inBucket).metadata()).exif).toBeUndefined();

    // Past its claim window an unclaimed upload is neither served nor claimable, even before the job runs.
    await expectEventually(() => h.http().get(`/v1/uploads/${unclaimed}`).set('x-site', 'ae').expect(404), {
      timeoutMs: 10_000,
      intervalMs: 200,
    });
    await registerCompany(h, unclaimed).expect(422);

    // The job, through the real queue and worker.
    const queue = h.app.get(UploadExpirySchedule).queue;
    const job = await queue.add(EXPIRE_UPLOADS_JOB, {});
    expect(await job.waitUntilFinished(events, 20_000)).toEqual({ deleted: 1 });
    await expect(object(unclaimed)).rejects.toBeInstanceOf(NoSuchKey);
    expect(await h.app.get(DataSource).getRepository(Upload).findOneBy({ id: unclaimed })).toBeNull();
    await h.http().get(`/v1/uploads/${claimed}`).set('x-site', 'ae').expect(200);
    expect((await object(claimed)).length).toBeGreaterThan(0);
  });

  it('schedules the job once with a BullMQ job scheduler when UPLOAD_EXPIRY_JOB_EVERY_MS is set', async () => {
    const scheduled = await startHarness({ UPLOAD_EXPIRY_JOB_EVERY_MS: 60_000 });
    try {
      const schedulers = await scheduled.app.get(UploadExpirySchedule).queue.getJobSchedulers();
      expect(schedulers).toEqual([expect.objectContaining({ key: EXPIRE_UPLOADS_JOB, every: 60_000 })]);
    } finally {
      await scheduled.close();
    }
  });
});
