import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ObjectStorage } from '../src/index.js';

/** Every byte value, in a pattern that does not repeat every 256 bytes. */
const pattern = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + (i >> 8)) & 0xff));

/** `body` as a stream of uneven chunks, as a file or a socket gives them. */
function chunked(body: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, n = 0; at < body.length; at += 65_536 + 17 * n, n += 1) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('the source failed');
        yield body.subarray(at, at + 65_536 + 17 * n);
      }
    })(),
    { objectMode: false },
  );
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What every ObjectStorage engine must do. Each test uses its own keys under
 * `contract/<run>/`, so the suite needs nothing from the engine but a fresh instance.
 */
export function runStorageContract(name: string, make: () => ObjectStorage | Promise<ObjectStorage>): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let storage: ObjectStorage;
    const run = randomUUID();
    const key = (name: string = randomUUID()) => `contract/${run}/${name}`;

    beforeAll(async () => {
      storage = await make();
    });
    afterAll(async () => {
      await storage?.close();
    });

    it('is reachable', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('stores bytes with their content type and reads them back as they were', async () => {
      const k = key('photo.jpg');
      const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
      await storage.put(k, body, 'image/jpeg');
      expect(await storage.get(k)).toEqual({ body, contentType: 'image/jpeg', size: body.length });
    });

    it('answers null for a key never stored', async () => {
      expect(await storage.get(key())).toBeNull();
    });

    it('replaces an object stored again under the same key', async () => {
      const k = key();
      await storage.put(k, Buffer.from('first'), 'text/plain');
      await storage.put(k, Buffer.from('second, longer'), 'image/png');
      expect(await storage.get(k)).toEqual({
        body: Buffer.from('second, longer'),
        contentType: 'image/png',
        size: 14,
      });
    });

    it('deletes an object; deleting one that is not there is no error', async () => {
      const k = key();
      await storage.put(k, Buffer.from('x'), 'image/gif');
      await storage.delete(k);
      expect(await storage.get(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it('keeps every byte value intact, over a megabyte', async () => {
      const k = key();
      const body = pattern(1024 * 1024 + 7);
      await storage.put(k, body, 'application/octet-stream');
      const read = await storage.get(k);
      expect(read?.size).toBe(body.length);
      expect(read?.body.equals(body)).toBe(true);
    });

    it('stores a stream and serves it back as a stream, whole and by byte ranges', async () => {
      const k = key('tour.mp4');
      const body = pattern(1024 * 1024 + 301);
      await storage.putStream(k, chunked(body), 'video/mp4', body.length);
      expect(await storage.stat(k)).toEqual({ contentType: 'video/mp4', size: body.length });
      const whole = await storage.getStream(k);
      expect(whole).toMatchObject({ contentType: 'video/mp4', size: body.length });
      expect((await collect(whole!.body)).equals(body)).toBe(true);
      for (const [start, end] of [
        [0, 0],
        [0, 1],
        [70_000, 200_001],
        [body.length - 16, body.length - 1],
      ]) {
        const part = await storage.getStream(k, { start, end });
        // The size stays the whole object's, which a Content-Range names.
        expect(part).toMatchObject({ contentType: 'video/mp4', size: body.length });
        expect((await collect(part!.body)).equals(body.subarray(start, end + 1))).toBe(true);
      }
      // The buffered get sees the same bytes.
      expect((await storage.get(k))?.body.equals(body)).toBe(true);
    });

    it('knows the size and type of an object stored whole, as of one streamed', async () => {
      const k = key();
      await storage.put(k, Buffer.from('twelve bytes'), 'image/png');
      expect(await storage.stat(k)).toEqual({ contentType: 'image/png', size: 12 });
      const part = await storage.getStream(k, { start: 7, end: 11 });
      expect((await collect(part!.body)).toString()).toBe('bytes');
    });

    it('answers null to stat and getStream for a key never stored, or deleted', async () => {
      expect(await storage.stat(key())).toBeNull();
      expect(await storage.getStream(key())).toBeNull();
      expect(await storage.getStream(key(), { start: 0, end: 0 })).toBeNull();
      const k = key();
      await storage.putStream(k, chunked(Buffer.from('gone soon')), 'text/plain', 9);
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
      expect(await storage.getStream(k)).toBeNull();
    });

    it('stores nothing from a stream that fails, or is shorter than it was declared, and keeps what was there', async () => {
      const k = key();
      await storage.put(k, Buffer.from('before'), 'image/gif');
      const body = pattern(300_000);
      await expect(storage.putStream(k, chunked(body, 100_000), 'video/mp4', body.length)).rejects.toThrow();
      await expect(
        storage.putStream(k, chunked(body.subarray(0, 1000)), 'video/mp4', body.length),
      ).rejects.toThrow();
      expect(await storage.get(k)).toEqual({
        body: Buffer.from('before'),
        contentType: 'image/gif',
        size: 6,
      });
      const fresh = key();
      await expect(
        storage.putStream(fresh, chunked(body, 100_000), 'video/mp4', body.length),
      ).rejects.toThrow();
      expect(await storage.stat(fresh)).toBeNull();
    });

    it('refuses keys that could leave their place or need escaping', async () => {
      for (const bad of [
        '../escape',
        '/absolute',
        'a//b',
        'a/../b',
        'Upper/Case',
        'space here',
        '',
        'a/./b',
      ]) {
        await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
        await expect(storage.putStream(bad, chunked(Buffer.from('x')), 'text/plain', 1)).rejects.toThrow(
          /invalid storage key/,
        );
        await expect(storage.stat(bad)).rejects.toThrow(/invalid storage key/);
        await expect(storage.getStream(bad)).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}
