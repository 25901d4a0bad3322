import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { listingDiscardedV1, ownedPropertySchema } from '@manzil/contracts';
import { FilesystemObjectStorage, S3ObjectStorage, type ObjectStorage } from '@manzil/storage';
import { expectEventually, tokenFor } from '@manzil/testing';
import { photoKeys, StorageCleanup, uploadedVideoKeys } from '../src/media/storage-cleanup.js';
import { UPLOAD_SWEEP_QUEUE } from '../src/media/upload-sweep.job.js';
import { uploadFilePrefix } from '../src/media/multipart.js';
import { account, completeAe, photo, SANDBOX_S3, sixPhotos, startListings } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

/** The first bytes of an mp4: a `ftyp` box of brand isom, then some payload. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.alloc(4),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.alloc(256, 3),
]);
const PDF = Buffer.from('%PDF-1.4\n% a title deed\n');

const owned = (body: { results: unknown }) => ownedPropertySchema.parse(body.results);

/**
 * The stored media of listings on one engine of the storage port: removed with what shows them,
 * after the commit, and swept when abandoned. `storage` is the test's own client of the same
 * storage (the service's objects seen from outside).
 */
function mediaCleanupSuite(
  engine: 'filesystem' | 's3',
  start: () => Promise<{ h: Harness; storage: ObjectStorage; done?: () => Promise<void> }>,
) {
  describe(`stored media on the ${engine} engine`, () => {
    let h: Harness;
    let storage: ObjectStorage;
    let done: (() => Promise<void>) | undefined;
    const company = account('ae', 'company');
    const agent = account('ae', 'agent', company.id);
    const admin = account('ae', 'admin');

    beforeAll(async () => {
      ({ h, storage, done } = await start());
      await h.announceApplied('ae', [
        { registered: company },
        { registered: agent },
        { plan: { accountId: company.id, propertyQuota: 20 } },
      ]);
    }, 90_000);

    afterAll(async () => {
      await h?.close();
      await storage?.close();
      await done?.();
    });

    /** A multipart POST of `agent` (built once its token is signed: a request is thenable). */
    const post = async (path: string, part: (req: request.Test) => request.Test) => {
      const token = await tokenFor(agent.role, {
        site: agent.site,
        sub: agent.id,
        companyId: agent.companyId,
      });
      return part(
        request(h.app.getHttpServer())
          .post(path)
          .set('x-site', agent.site)
          .set('authorization', `Bearer ${token}`),
      ).expect(201);
    };
    const uploadVideo = async (id: string) =>
      owned((await post(`/v1/properties/${id}/videos`, (req) => req.attach('file', MP4, 'tour.mp4'))).body);
    const uploadDocument = async (id: string) =>
      owned(
        (
          await post(`/v1/properties/${id}/documents/file`, (req) =>
            req.field('title', 'Title deed').attach('file', PDF, 'deed.pdf'),
          )
        ).body,
      );
    const stored = async (keys: string[]) =>
      (await Promise.all(keys.map(async (key) => ((await storage.stat(key)) ? key : null)))).filter(Boolean);
    const tickets = async () =>
      (await h.dataSource.query(`SELECT "reason", "keys" FROM "storage_cleanup" ORDER BY "created_at"`)) as {
        reason: string;
        keys: string[];
      }[];
    const videoKeysOf = (videos: unknown) => uploadedVideoKeys((videos as string[] | undefined) ?? []);
    const newDraft = async () =>
      owned((await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201)).body).id;

    it('a removed photo takes every size, a video taken out its file, a discarded draft all of its media', async () => {
      const id = await newDraft();
      const withPhotos = owned((await h.upload(agent, id, [await photo(), await photo(900, 700)], 201)).body);
      const [first, second] = withPhotos.photos.map((p) => p.id);
      expect(await stored(photoKeys(first))).toHaveLength(3);

      await h.call(agent, 'delete', `/v1/properties/${id}/photos/${first}`).expect(200);
      expect(await stored(photoKeys(first))).toEqual([]);
      expect(await stored(photoKeys(second))).toHaveLength(3);

      // A video taken out of `videos` (the wizard's delete) is deleted from the storage; a link stays a link.
      const video = videoKeysOf((await uploadVideo(id)).draft.videos);
      expect(await stored(video)).toEqual(video);
      await h
        .call(agent, 'patch', `/v1/properties/${id}`, { body: { videos: ['https://example.com/tour'] } })
        .expect(200);
      expect(await stored(video)).toEqual([]);

      const documents = (await uploadDocument(id)).documents;
      const documentKeys = documents.map((d) => `listings/documents/${d.id}`);
      const kept = videoKeysOf((await uploadVideo(id)).draft.videos);
      const all = [...photoKeys(second), ...documentKeys, ...kept];
      expect(await stored(all)).toEqual(all);

      await h.call(agent, 'delete', `/v1/properties/${id}`).expect(200);
      expect(await stored(all)).toEqual([]);
      expect(await tickets()).toEqual([]);
      await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(404);
      const [discarded] = (await h.outbox(id)).filter((e) => e.type === listingDiscardedV1.type);
      expect(listingDiscardedV1.payload.parse(discarded.payload)).toMatchObject({
        id,
        agentId: agent.id,
        companyId: company.id,
        by: { id: agent.id, role: 'agent' },
      });
      expect((await h.auditTrail(id)).at(-1)).toMatchObject({ action: 'discarded', actorId: agent.id });
    });

    it('a listing that was public is not discarded, and its public version keeps a video the edit took out until approved', async () => {
      const id = await newDraft();
      await h.upload(agent, id, await sixPhotos(), 201);
      await uploadDocument(id);
      const video = videoKeysOf((await uploadVideo(id)).draft.videos);
      await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);
      await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
      await h.call(agent, 'delete', `/v1/properties/${id}`).expect(422);

      // The edit without the video waits for approval: the public version still plays it.
      await h.call(agent, 'patch', `/v1/properties/${id}`, { body: { videos: [] } }).expect(200);
      expect(await stored(video)).toEqual(video);
      await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
      expect(await stored(video)).toEqual([]);
      expect(await tickets()).toEqual([]);
    });

    it('a photo the owner deletes from a pending edit of a public listing stays on the public version until the edit is approved', async () => {
      const id = await newDraft();
      const photos = owned(
        (await h.upload(agent, id, [...(await sixPhotos()), await photo()], 201)).body,
      ).photos;
      await uploadDocument(id);
      await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);
      await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
      const dropped = photos[0].id;
      const publicPhoto = (size: string) => h.call(agent, 'get', `/v1/media/photos/${dropped}/${size}`);

      await h.call(agent, 'delete', `/v1/properties/${id}/photos/${dropped}`).expect(200);
      expect(await stored(photoKeys(dropped))).toEqual(photoKeys(dropped));
      for (const size of ['thumb', 'card', 'detail']) await publicPhoto(size).expect(200);
      // The owner's draft no longer has it.
      const draft = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
      expect(draft.photos.map((p) => p.id)).not.toContain(dropped);

      // Any edit of the accepted listing sends it back for approval.
      await h.call(agent, 'patch', `/v1/properties/${id}`, { body: { videos: [] } }).expect(200);
      await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
      expect(await stored(photoKeys(dropped))).toEqual([]);
      await publicPhoto('card').expect(404);
      // The photos the new public version shows are all still there.
      const kept = photos.slice(1).flatMap((p) => photoKeys(p.id));
      expect(await stored(kept)).toEqual(kept);
      expect(await tickets()).toEqual([]);
    });

    it('sweeps an upload never attached once older than the age, and keeps a fresh one', async () => {
      const cleanup = h.app.get(StorageCleanup);
      const abandoned = photoKeys(randomUUID());
      const fresh = [`listings/documents/${randomUUID()}`];
      for (const key of [...abandoned, ...fresh]) await storage.put(key, Buffer.from('bytes'), 'image/webp');
      const abandonedTicket = await cleanup.expectUpload(abandoned);
      await cleanup.expectUpload(fresh);
      // As if the upload had begun before the age (the process crashed between bytes and row).
      await h.dataSource.query(
        `UPDATE "storage_cleanup" SET "due_at" = now() - interval '1 minute' WHERE "id" = $1`,
        [abandonedTicket],
      );
      // The repeatable job's worker: one run of the queue's job.
      const queue = h.app.get<Queue>(getQueueToken(UPLOAD_SWEEP_QUEUE));
      await queue.add('sweep', {});
      await expectEventually(async () => expect(await stored(abandoned)).toEqual([]), { timeoutMs: 20_000 });
      expect(await stored(fresh)).toEqual(fresh);
      expect((await tickets()).map((t) => t.keys)).toEqual([fresh]);
    });
  });
}

/** The sweep's own filesystem concerns (temporary files, a failing delete), on the filesystem engine. */
describe('the upload sweep', () => {
  let h: Harness;
  let dir: string;
  const company = account('ae', 'company');
  const agent = account('ae', 'agent', company.id);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'listings-media-'));
    h = await startListings({ env: { STORAGE_DIR: dir, UPLOAD_SWEEP_EVERY_MS: '3600000' } });
    await h.announceApplied('ae', [
      { registered: company },
      { registered: agent },
      { plan: { accountId: company.id, propertyQuota: 5 } },
    ]);
  }, 90_000);

  afterAll(async () => {
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is one repeatable BullMQ job under a fixed id, at the configured interval', async () => {
    const queue = h.app.get<Queue>(getQueueToken(UPLOAD_SWEEP_QUEUE));
    await expectEventually(async () => {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([['sweep-uploads', 3_600_000]]);
    });
  });

  it('removes temporary upload files older than the age and leaves fresh ones', async () => {
    const name = () => `${uploadFilePrefix(999_999)}${randomUUID()}`;
    const old = join(tmpdir(), name());
    const fresh = join(tmpdir(), name());
    await writeFile(old, 'left by a crash');
    await writeFile(fresh, 'an upload in progress');
    const sevenHoursAgo = new Date(Date.now() - 7 * 60 * 60_000);
    await utimes(old, sevenHoursAgo, sevenHoursAgo);
    const report = await h.app.get(StorageCleanup).sweep();
    expect(report.tempFiles).toBeGreaterThanOrEqual(1);
    const left = await readdir(tmpdir());
    expect(left).not.toContain(old.slice(tmpdir().length + 1));
    expect(left).toContain(fresh.slice(tmpdir().length + 1));
    await rm(fresh);
  });

  it('a failed storage delete keeps the removal committed and leaves the bytes to the sweep', async () => {
    const { body } = await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    const id = owned(body).id;
    const [added] = owned((await h.upload(agent, id, [await photo()], 201)).body).photos;
    // The storage fails the next delete (the service's engine is this class, on `dir`).
    const failing = jest
      .spyOn(FilesystemObjectStorage.prototype, 'delete')
      .mockRejectedValueOnce(new Error('storage unreachable'));
    const storage = new FilesystemObjectStorage(dir);

    const removed = owned(
      (await h.call(agent, 'delete', `/v1/properties/${id}/photos/${added.id}`).expect(200)).body,
    );
    expect(removed.photos).toEqual([]);
    failing.mockRestore();
    const [row] = (await h.dataSource.query(
      `SELECT count(*)::int AS n FROM "property_photos" WHERE "id" = $1`,
      [added.id],
    )) as { n: number }[];
    expect(row.n).toBe(0);
    const keys = photoKeys(added.id);
    const present = async () =>
      (await Promise.all(keys.map((key) => storage.stat(key)))).filter((info) => info !== null).length;
    expect(await present()).toBe(3);
    const waiting = (await h.dataSource.query(`SELECT "reason", "keys" FROM "storage_cleanup"`)) as {
      reason: string;
      keys: string[];
    }[];
    expect(waiting).toEqual([{ reason: 'removed', keys }]);

    await h.app.get(StorageCleanup).sweep();
    expect(await present()).toBe(0);
    expect(await h.dataSource.query(`SELECT 1 FROM "storage_cleanup"`)).toEqual([]);
  });
});

mediaCleanupSuite('filesystem', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'listings-media-'));
  const h = await startListings({ env: { STORAGE_DIR: dir, UPLOAD_SWEEP_EVERY_MS: '0' } });
  return {
    h,
    storage: new FilesystemObjectStorage(dir),
    done: () => rm(dir, { recursive: true, force: true }),
  };
});

mediaCleanupSuite('s3', async () => {
  const h = await startListings({ s3: true, env: { UPLOAD_SWEEP_EVERY_MS: '0' } });
  const storage = new S3ObjectStorage({
    bucket: SANDBOX_S3.bucket,
    region: 'me-central-1',
    endpoint: `${h.sandbox!.url}/s3`,
    forcePathStyle: true,
    credentials: { accessKeyId: SANDBOX_S3.accessKeyId, secretAccessKey: SANDBOX_S3.secretAccessKey },
  });
  return { h, storage };
});
