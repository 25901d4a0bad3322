import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertKey, type ObjectStorage, type StoredObject } from './object-storage.js';

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
      const [body, contentType] = await Promise.all([
        readFile(path),
        readFile(`${path}${TYPE_SUFFIX}`, 'utf8').catch(() => 'application/octet-stream'),
      ]);
      return { body, contentType, size: body.length };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
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

  private path(key: string): string {
    return join(this.dir, assertKey(key));
  }
}
