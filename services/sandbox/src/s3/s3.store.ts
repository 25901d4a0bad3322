import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '@manzil/nest-kit';

export const S3_OPTIONS = Symbol('S3_OPTIONS');

export interface S3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** `x-amz-checksum-<algorithm>` the client sent, returned to a GET that asks for checksums. */
  checksum?: { algorithm: string; value: string };
  /** `x-amz-meta-*` headers, as sent. */
  metadata: Record<string, string>;
}

/**
 * Objects in Redis, one hash per object under `<namespace>:s3:<bucket>:<key>` (tests use a
 * fresh namespace). No expiry: development media should outlive the 7 days of the sinks.
 */
@Injectable()
export class S3Store {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async put(namespace: string, bucket: string, key: string, object: S3Object): Promise<void> {
    const redisKey = this.key(namespace, bucket, key);
    await this.redis
      .multi()
      .del(redisKey)
      .hset(redisKey, {
        body: object.body,
        type: object.contentType,
        etag: object.etag,
        modified: String(object.lastModified.getTime()),
        checksum: JSON.stringify(object.checksum ?? null),
        metadata: JSON.stringify(object.metadata),
      })
      .exec();
  }

  async get(namespace: string, bucket: string, key: string): Promise<S3Object | null> {
    const fields = await this.redis.hgetallBuffer(this.key(namespace, bucket, key));
    if (!fields.body) return null;
    const text = (name: string) => fields[name]?.toString('utf8') ?? '';
    return {
      body: fields.body,
      contentType: text('type'),
      etag: text('etag'),
      lastModified: new Date(Number(text('modified'))),
      checksum: (JSON.parse(text('checksum') || 'null') as S3Object['checksum'] | null) ?? undefined,
      metadata: JSON.parse(text('metadata') || '{}') as Record<string, string>,
    };
  }

  async delete(namespace: string, bucket: string, key: string): Promise<void> {
    await this.redis.del(this.key(namespace, bucket, key));
  }

  private key(namespace: string, bucket: string, key: string): string {
    return `${namespace}:s3:${bucket}:${key}`;
  }
}
