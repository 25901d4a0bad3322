import { z } from 'zod';

/** The sandbox's S3 settings, all optional: the credentials it accepts and its buckets. */
export const s3SandboxEnv = {
  /** The one access key the sandbox accepts (default `manzil-dev`). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  /** Its secret, with which signatures are checked (default `manzil-dev-secret`). */
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Comma-separated buckets that exist (default `manzil-media`); any other is NoSuchBucket. */
  S3_BUCKETS: z.string().optional(),
};

export interface S3SandboxOptions {
  namespace: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: string[];
}

export const DEV_S3_ACCESS_KEY_ID = 'manzil-dev';
export const DEV_S3_SECRET_ACCESS_KEY = 'manzil-dev-secret';
export const DEV_S3_BUCKET = 'manzil-media';

export function s3Options(config: {
  SANDBOX_NAMESPACE: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_BUCKETS?: string;
}): S3SandboxOptions {
  const buckets = (config.S3_BUCKETS ?? DEV_S3_BUCKET)
    .split(',')
    .map((bucket) => bucket.trim())
    .filter(Boolean);
  return {
    namespace: config.SANDBOX_NAMESPACE,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? DEV_S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? DEV_S3_SECRET_ACCESS_KEY,
    buckets,
  };
}
