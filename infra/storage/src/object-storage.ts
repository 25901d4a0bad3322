import type { Readable } from 'node:stream';

/** An object as the storage keeps it. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/** What the storage knows of an object without reading it. */
export interface ObjectInfo {
  contentType: string;
  /** The whole object's size in bytes. */
  size: number;
}

/** Bytes `start` to `end` of an object, both included (as in HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object being read: its bytes as a stream (the range asked for, else all of them). */
export interface ObjectStream extends ObjectInfo {
  body: Readable;
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
  /**
   * Stores (or replaces) the object from a stream of exactly `size` bytes, never holding it
   * whole (large media: listing videos). `size` is required because S3 needs the length of a
   * streamed PUT up front. A stream that fails, or ends before or after `size` bytes, stores
   * nothing and leaves what was under the key before.
   */
  putStream(key: string, body: Readable, contentType: string, size: number): Promise<void>;
  /** The object's type and size, or null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  /**
   * The object's bytes as a stream (only `range` when given: `0 ≤ start ≤ end < size`, which
   * the caller checks against `stat`), or null when there is none. The caller consumes or
   * destroys the stream (with S3 it holds a connection).
   */
  getStream(key: string, range?: ByteRange): Promise<ObjectStream | null>;
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
