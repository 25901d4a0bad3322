import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type ObjectStorage, type StoredObject } from './object-storage.js';

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

/** Objects in a bucket of an S3-compatible server, through the official AWS SDK v3 client. */
export class S3ObjectStorage implements ObjectStorage {
  readonly engine = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }),
      );
      const body = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
      return {
        body,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: body.length,
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (
        error instanceof S3ServiceException &&
        error.$metadata.httpStatusCode === 404 &&
        error.name === 'NotFound'
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private key(key: string): string {
    return assertKey(key);
  }
}
