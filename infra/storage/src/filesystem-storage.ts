import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectStream,
  type StoredObject,
} from './object-storage.js';

/** Content types are kept beside the bytes, in `<key>.type`. */
const TYPE_SUFFIX = '.type';

/**
 * Objects as files under one folder: for development and tests on one machine. Not for
 * several replicas (each would see its own disk) nor a read-only root filesystem, which is
 * why production refuses it (see `createObjectStorage`). Writes go to a temporary name and
 * are renamed, so a reader never sees half a file.
 */
export class FilesystemObjectStorage implements ObjectStorage {
  readonly engine = 'filesystem';

  constructor(readonly dir: string) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, body);
    await writeFile(`${path}${TYPE_SUFFIX}`, contentType);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    try {
      const [body, contentType] = await Promise.all([readFile(path), this.contentType(path)]);
      return { body, contentType, size: body.length };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }

  async putStream(key: string, body: Readable, contentType: string, size: number): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    const file = createWriteStream(temporary);
    try {
      await pipeline(body, file);
      const written = (await stat(temporary)).size;
      if (written !== size) throw new Error(`${key}: the stream had ${written} bytes, not ${size}`);
      await writeFile(`${path}${TYPE_SUFFIX}`, contentType);
      await rename(temporary, path);
    } catch (error) {
      // A source that fails at once fails the pipeline while the file may still be opening: it
      // would appear after the removal. Wait until it is closed, then remove it.
      if (!file.closed) await once(file, 'close').catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const path = this.path(key);
    const file = await stat(path).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!file?.isFile()) return null;
    return { contentType: await this.contentType(path), size: file.size };
  }

  async getStream(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    const path = this.path(key);
    // Opened first, so a file replaced or removed meanwhile is still read whole and consistent.
    const handle = await open(path, 'r').catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const file = await handle.stat();
      if (!file.isFile()) {
        await handle.close();
        return null;
      }
      const size = file.size;
      const contentType = await this.contentType(path);
      return { body: handle.createReadStream(range ?? {}), contentType, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await Promise.all([rm(path, { force: true }), rm(`${path}${TYPE_SUFFIX}`, { force: true })]);
  }

  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    if (!(await stat(this.dir)).isDirectory()) throw new Error(`${this.dir} is not a folder`);
  }

  async close(): Promise<void> {}

  private contentType(path: string): Promise<string> {
    return readFile(`${path}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream');
  }

  private path(key: string): string {
    return join(this.dir, assertKey(key));
  }
}
