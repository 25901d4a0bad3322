import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import { PassThrough, type Readable } from 'node:stream';
import {
  assertKey,
  type ByteRange,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectStream,
  type StoredObject,
} from './object-storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Any S3-compatible server (MinIO, Ceph, R2, the sandbox); none: AWS S3 of the region. */
  endpoint?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (what most S3-compatible servers need). */
  forcePathStyle: boolean;
  /** None: the SDK's default chain (environment, web identity / IRSA, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * The AWS SDK's S3 client (CommonJS, a few hundred milliseconds of CPU to load) is loaded when an
 * S3 storage is first made, not when the package is imported: listings' config imports this
 * package for its variables, so every listings process (`cli.js` migrate + seed included) paid
 * for it, though outside production the storage is the filesystem.
 */
let loaded: typeof S3 | undefined;
const s3 = () => (loaded ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3);

/** Objects in a bucket of an S3-compatible server, through the official AWS SDK v3 client. */
export class S3ObjectStorage implements ObjectStorage {
  readonly engine = 's3';
  private readonly client: S3.S3Client;
  private readonly sdk = s3();

  constructor(private readonly settings: S3Settings) {
    this.client = new this.sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  /**
   * One PutObject with the stream as body and its length declared (the SDK sends it
   * `aws-chunked` with a CRC32 trailer): videos are at most 50 MB, under S3's 5 GB for one
   * PUT, so a multipart upload (`@aws-sdk/lib-storage`, not installed) is not needed.
   */
  async putStream(key: string, body: Readable, contentType: string, size: number): Promise<void> {
    // The SDK neither notices a body that fails (the request would wait forever) nor listens
    // for the error its own chunked stream re-emits (an uncaught 'error' ends the process). So
    // it reads a PassThrough fed from the body, and a failure of the body aborts the request
    // and is what the caller sees.
    const sent = new PassThrough();
    const abort = new AbortController();
    let failure: unknown;
    const onError = (error: unknown) => {
      failure = error;
      body.unpipe(sent);
      sent.destroy();
      abort.abort(error);
    };
    body.once('error', onError);
    body.pipe(sent);
    try {
      await this.client.send(
        new this.sdk.PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(key),
          Body: sent,
          ContentLength: size,
          ContentType: contentType,
        }),
        { abortSignal: abort.signal },
      );
    } catch (error) {
      throw failure ?? error;
    } finally {
      body.off('error', onError);
      body.unpipe(sent);
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      return { contentType: head.ContentType ?? 'application/octet-stream', size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    try {
      const object = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // A ranged answer names the whole size after the slash: `bytes 0-1/1234`.
      const whole = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
      return {
        // In Node the SDK's body is the HTTP response itself, a Readable.
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: whole ? Number(whole) : (object.ContentLength ?? 0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      const body = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
      return {
        body,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: body.length,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
    );
  }

  async check(): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private key(key: string): string {
    return assertKey(key);
  }
}

/** NoSuchKey for a GET; a bare 404 `NotFound` for a HEAD (no body to name the error). */
function isMissing(error: unknown): boolean {
  const { NoSuchKey, S3ServiceException } = s3();
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      error.$metadata.httpStatusCode === 404 &&
      error.name === 'NotFound')
  );
}
