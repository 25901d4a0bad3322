import { z } from 'zod';
import { ConfigError } from '@manzil/nest-kit/base';
import { FilesystemObjectStorage } from './filesystem-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3ObjectStorage, type S3Settings } from './s3-storage.js';

/** Storage variables, to spread into a service's `envSchema` (`...storageEnv`). */
export const storageEnv = {
  /** `filesystem` (default outside production) or `s3` (default, and the only choice, in production). */
  STORAGE_ENGINE: z.enum(['filesystem', 's3']).optional(),
  /** Filesystem engine: the folder (default: the service's, under `<repo>/.data`). */
  STORAGE_DIR: z.string().min(1).optional(),
  /** S3 engine: the bucket (created beforehand; the service never creates one). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name')
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  /** Any S3-compatible server; none: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) URL' }).optional(),
  /** Path-style addressing (default: true with S3_ENDPOINT, false on AWS). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** Both or neither; neither: the SDK's default chain (e.g. the pod's IAM role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};
export const storageEnvSchema = z.object(storageEnv);
export type StorageEnv = z.infer<typeof storageEnvSchema> & { NODE_ENV?: string };

/**
 * The engine this configuration selects, checked at boot (a ConfigError names every
 * problem in one line and stops the service). Production refuses the filesystem engine:
 * pods have a read-only root filesystem and several replicas that must see the same media.
 */
export function createObjectStorage(config: StorageEnv, options: { defaultDir: string }): ObjectStorage {
  const production = config.NODE_ENV === 'production';
  const engine = config.STORAGE_ENGINE ?? (production ? 's3' : 'filesystem');
  if (engine === 'filesystem') {
    if (production) {
      throw new ConfigError(
        'configuration error: STORAGE_ENGINE=filesystem is refused with NODE_ENV=production (read-only root filesystem, several replicas): use s3',
      );
    }
    return new FilesystemObjectStorage(config.STORAGE_DIR ?? options.defaultDir);
  }
  return new S3ObjectStorage(s3Settings(config));
}

export function s3Settings(config: StorageEnv): S3Settings {
  const problems: string[] = [];
  if (!config.S3_BUCKET) problems.push('S3_BUCKET is missing');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (!config.S3_REGION && !config.S3_ENDPOINT) problems.push('S3_REGION is missing (or give S3_ENDPOINT)');
  if (problems.length) throw new ConfigError(`configuration error: ${problems.join('; ')}`);
  return {
    bucket: config.S3_BUCKET!,
    // S3-compatible servers ignore the region but the signature needs one.
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE
      ? config.S3_FORCE_PATH_STYLE === 'true'
      : Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
