import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from '@jest/globals';
import { FilesystemObjectStorage } from '../src/index.js';
import { runStorageContract } from './storage-contract.js';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'manzil-storage-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

runStorageContract('filesystem', async () => new FilesystemObjectStorage(await freshDir()));

describe('FilesystemObjectStorage', () => {
  it('keeps everything inside its folder, and leaves no temporary file behind', async () => {
    const parent = await freshDir();
    const storage = new FilesystemObjectStorage(join(parent, 'media'));
    await storage.put('identity/uploads/one', Buffer.from('1'), 'image/png');
    await expect(storage.put('../outside', Buffer.from('x'), 'image/png')).rejects.toThrow();
    expect(await readdir(parent)).toEqual(['media']);
    expect((await readdir(join(parent, 'media', 'identity', 'uploads'))).sort()).toEqual(['one', 'one.type']);
  });

  it('removes the temporary file of a stream that failed or came short', async () => {
    const dir = await freshDir();
    const storage = new FilesystemObjectStorage(dir);
    const failing = Readable.from(
      (function* () {
        yield Buffer.alloc(1000, 1);
        throw new Error('the source failed');
      })(),
    );
    await expect(storage.putStream('listings/videos/a', failing, 'video/mp4', 2000)).rejects.toThrow(
      'the source failed',
    );
    await expect(
      storage.putStream('listings/videos/b', Readable.from([Buffer.alloc(10)]), 'video/mp4', 2000),
    ).rejects.toThrow('listings/videos/b: the stream had 10 bytes, not 2000');
    await storage.putStream('listings/videos/c', Readable.from([Buffer.alloc(10)]), 'video/mp4', 10);
    expect((await readdir(join(dir, 'listings', 'videos'))).sort()).toEqual(['c', 'c.type']);
  });
});
