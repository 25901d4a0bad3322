import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@manzil/nest-kit';
import {
  createObjectStorage,
  FilesystemObjectStorage,
  S3ObjectStorage,
  s3Settings,
  type StorageEnv,
} from './index.js';

const defaults = { defaultDir: '/data/media' };

describe('createObjectStorage: the engine chosen by configuration, checked at boot', () => {
  it('development and tests: the filesystem engine in the given folder, or STORAGE_DIR', () => {
    const dev = createObjectStorage({ NODE_ENV: 'development' }, defaults);
    expect(dev).toBeInstanceOf(FilesystemObjectStorage);
    expect((dev as FilesystemObjectStorage).dir).toBe('/data/media');
    const test = createObjectStorage({ NODE_ENV: 'test', STORAGE_DIR: '/tmp/x' }, defaults);
    expect((test as FilesystemObjectStorage).dir).toBe('/tmp/x');
  });

  it('S3 when asked, or by default in production', () => {
    const s3 = { S3_BUCKET: 'manzil-media', S3_REGION: 'me-central-1' };
    expect(
      createObjectStorage({ NODE_ENV: 'development', STORAGE_ENGINE: 's3', ...s3 }, defaults),
    ).toBeInstanceOf(S3ObjectStorage);
    expect(createObjectStorage({ NODE_ENV: 'production', ...s3 }, defaults)).toBeInstanceOf(S3ObjectStorage);
  });

  it.each<[string, StorageEnv, RegExp]>([
    [
      'the filesystem engine in production',
      { NODE_ENV: 'production', STORAGE_ENGINE: 'filesystem' },
      /STORAGE_ENGINE=filesystem is refused with NODE_ENV=production/,
    ],
    ['no bucket', { NODE_ENV: 'production', S3_REGION: 'me-central-1' }, /S3_BUCKET is missing/],
    [
      'half the credentials',
      { NODE_ENV: 'production', S3_BUCKET: 'media', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'a' },
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    ['neither region nor endpoint', { NODE_ENV: 'production', S3_BUCKET: 'media' }, /S3_REGION is missing/],
  ])('refuses to boot with %s (one ConfigError line)', (_name, config, message) => {
    expect(() => createObjectStorage(config, defaults)).toThrow(ConfigError);
    expect(() => createObjectStorage(config, defaults)).toThrow(message);
  });

  it('path-style addressing with an endpoint (S3-compatible servers), virtual-host style on AWS', () => {
    expect(s3Settings({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000' })).toMatchObject({
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: undefined,
    });
    expect(s3Settings({ S3_BUCKET: 'media', S3_REGION: 'me-central-1' }).forcePathStyle).toBe(false);
    expect(
      s3Settings({
        S3_BUCKET: 'media',
        S3_REGION: 'me-central-1',
        S3_ENDPOINT: 'https://s3.example',
        S3_FORCE_PATH_STYLE: 'false',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    ).toMatchObject({ forcePathStyle: false, credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
  });
});
