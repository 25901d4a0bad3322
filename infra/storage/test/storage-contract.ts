import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ObjectStorage } from '../src/index.js';

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
      const body = Buffer.from(Array.from({ length: 1024 * 1024 + 7 }, (_, i) => (i * 31 + (i >> 8)) & 0xff));
      await storage.put(k, body, 'application/octet-stream');
      const read = await storage.get(k);
      expect(read?.size).toBe(body.length);
      expect(read?.body.equals(body)).toBe(true);
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
      }
    });
  });
}
