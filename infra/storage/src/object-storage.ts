/** An object as the storage keeps it. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/**
 * The one port through which services keep media (pictures, logos, listing photos). Keys are
 * the service's own names (`uploads/<id>`); engines add nothing the caller must know about.
 * Engines: `FilesystemObjectStorage` (a folder, for one process on one machine) and
 * `S3ObjectStorage` (any S3-compatible server, for production).
 */
export interface ObjectStorage {
  readonly engine: 'filesystem' | 's3';
  /** Stores (or replaces) the object. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the storage cannot be reached (readiness, boot). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The token services inject the configured engine with. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/**
 * Keys are relative names of lower-case letters, digits, `-`, `_`, `.` in `/`-separated
 * segments: nothing that could leave a folder (`..`, a leading `/`) or need escaping.
 */
const KEY = /^(?!.*\/\/)[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertKey(key: string): string {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}
