import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createTestApp, testNamespace, testRedisUrl } from '@manzil/testing';
import { S3ObjectStorage } from '@manzil/storage';
import { runStorageContract } from '@manzil/storage/contract';
import { AppModule } from '../src/app.module.js';

const credentials = { accessKeyId: 'sandbox-test', secretAccessKey: 'sandbox-test-secret' };
let app: INestApplication;
let endpoint: string;

beforeAll(async () => {
  app = await createTestApp(
    AppModule.forRoot({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: 0,
      REDIS_URL: testRedisUrl(),
      SANDBOX_NAMESPACE: testNamespace('sandbox-s3'),
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_BUCKETS: 'media,other',
    }),
  );
  endpoint = `${await app.getUrl()}/s3`.replace('[::1]', '127.0.0.1');
});

afterAll(async () => {
  for (const created of clients) created.destroy();
  await app?.close();
});

const clients: S3Client[] = [];
function client(overrides: Partial<ConstructorParameters<typeof S3Client>[0]> = {}): S3Client {
  const created = new S3Client({
    region: 'me-central-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    maxAttempts: 1,
    ...overrides,
  });
  clients.push(created);
  return created;
}

/** The storage port's S3 engine against the sandbox: the same suite as every engine. */
runStorageContract(
  'S3 engine against the sandbox',
  () =>
    new S3ObjectStorage({
      bucket: 'media',
      region: 'me-central-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    }),
);

describe('sandbox S3 through the official AWS SDK v3 client', () => {
  it('puts, heads, gets and deletes an object, with its type, ETag, metadata and CRC32 checksum', async () => {
    const s3 = client();
    const body = Buffer.from('not really a png, but bytes');
    const put = await s3.send(
      new PutObjectCommand({
        Bucket: 'media',
        Key: 'photos/a b+é.png',
        Body: body,
        ContentType: 'image/png',
        Metadata: { owner: 'listing-1' },
      }),
    );
    expect(put.ETag).toMatch(/^"[0-9a-f]{32}"$/);
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'media', Key: 'photos/a b+é.png' }));
    expect(head).toMatchObject({ ContentType: 'image/png', ContentLength: body.length, ETag: put.ETag });
    const got = await s3.send(
      new GetObjectCommand({ Bucket: 'media', Key: 'photos/a b+é.png', ChecksumMode: 'ENABLED' }),
    );
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    expect(got.Metadata).toEqual({ owner: 'listing-1' });
    expect(got.ChecksumCRC32).toEqual(expect.any(String));
    await s3.send(new DeleteObjectCommand({ Bucket: 'media', Key: 'photos/a b+é.png' }));
    await expect(
      s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'photos/a b+é.png' })),
    ).rejects.toBeInstanceOf(NoSuchKey);
    // Deleting what is not there is not an error, as on S3.
    await s3.send(new DeleteObjectCommand({ Bucket: 'media', Key: 'photos/a b+é.png' }));
  });

  it('keeps buckets apart and answers NoSuchBucket for one that does not exist', async () => {
    const s3 = client();
    await s3.send(
      new PutObjectCommand({ Bucket: 'media', Key: 'k', Body: Buffer.from('1'), ContentType: 'text/plain' }),
    );
    await expect(s3.send(new GetObjectCommand({ Bucket: 'other', Key: 'k' }))).rejects.toBeInstanceOf(
      NoSuchKey,
    );
    await s3.send(new HeadBucketCommand({ Bucket: 'other' }));
    const missing = await s3
      .send(new GetObjectCommand({ Bucket: 'nope', Key: 'k' }))
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(S3ServiceException);
    expect((missing as S3ServiceException).name).toBe('NoSuchBucket');
    await expect(s3.send(new HeadBucketCommand({ Bucket: 'nope' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('checks the signature: a wrong secret or an unknown key is refused, and nothing is stored', async () => {
    const wrongSecret = client({ credentials: { ...credentials, secretAccessKey: 'not-the-secret' } });
    await expect(
      wrongSecret.send(new PutObjectCommand({ Bucket: 'media', Key: 'forged', Body: Buffer.from('x') })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
    const unknownKey = client({ credentials: { accessKeyId: 'someone', secretAccessKey: 'x' } });
    await expect(unknownKey.send(new GetObjectCommand({ Bucket: 'media', Key: 'k' }))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(
      client().send(new GetObjectCommand({ Bucket: 'media', Key: 'forged' })),
    ).rejects.toBeInstanceOf(NoSuchKey);
  });

  it('refuses an unsigned request, a tampered body and a signature from another time', async () => {
    const anonymous = await fetch(`${endpoint}/media/k`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');

    // A request signed for one body, sent with another: the signed payload hash no longer matches.
    let signed: { headers: Record<string, string>; url: string } | undefined;
    const s3 = client();
    s3.middlewareStack.add(
      () => async (args) => {
        const request = args.request as {
          headers: Record<string, string>;
          path: string;
          query: Record<string, string>;
        };
        const query = new URLSearchParams(request.query).toString();
        signed = {
          headers: { ...request.headers },
          url: `${endpoint}${request.path.replace(/^\/s3/, '')}?${query}`,
        };
        throw new Error('captured');
      },
      { step: 'finalizeRequest', priority: 'low', name: 'capture' },
    );
    await expect(
      s3.send(new PutObjectCommand({ Bucket: 'media', Key: 'tampered', Body: Buffer.from('good') })),
    ).rejects.toThrow('captured');
    const { host: _host, ...headers } = signed!.headers;
    const tampered = await fetch(signed!.url, { method: 'PUT', headers, body: 'evil' });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');

    const skewed = client({ systemClockOffset: -60 * 60 * 1000 });
    await expect(skewed.send(new GetObjectCommand({ Bucket: 'media', Key: 'k' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    await expect(
      client().send(new GetObjectCommand({ Bucket: 'media', Key: 'tampered' })),
    ).rejects.toBeInstanceOf(NoSuchKey);
  });
});
