import { z } from 'zod';
import { IDENTITY_LIMITS, SERVICES } from '@manzil/contracts';
import { dataEnvSchema, emailEnv, smsEnv } from '@manzil/nest-kit/base';
import { storageEnv } from '@manzil/storage';
import { googleEnv } from './google/google.config.js';
import { nafathEnv } from './nafath/nafath.config.js';

const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envSchema = dataEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.identity.port),
  /** identity verifies with the keys it publishes itself: no JWKS URL to fetch. */
  JWT_JWKS_URL: z.url().optional(),
  /**
   * PEM (PKCS#8, RS256): the key tokens are signed with now. identity alone holds it; every
   * service verifies through the JWKS (`GET /.well-known/jwks.json`), by the token's `kid`.
   */
  JWT_PRIVATE_KEY: z.string().min(1, 'JWT_PRIVATE_KEY (PEM, RS256) is required'),
  /**
   * Other public keys (SPKI PEMs, one after another) published beside the signing key: the
   * previous one until the tokens it signed have expired, and the next one before it signs
   * (see "Signing keys" in the README).
   */
  JWT_PUBLISHED_PUBLIC_KEYS: z.string().optional(),
  ...smsEnv,
  /** Pictures and logos: STORAGE_ENGINE filesystem (STORAGE_DIR, default `<repo>/.data/media`) or s3 (S3_*). */
  ...storageEnv,
  /** An upload nobody claimed (no account's picture or logo) within this time is deleted. */
  UPLOAD_CLAIM_SECONDS: seconds(24 * 60 * 60),
  /** How often the job deleting unclaimed uploads runs (a BullMQ job scheduler); 0 = never (tests drive it). */
  UPLOAD_EXPIRY_JOB_EVERY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60 * 1000),
  /** The path the browser reaches this service on (through the gateway), for picture URLs. */
  PUBLIC_PATH: z.string().default('/api/identity'),
  ACCESS_TOKEN_SECONDS: seconds(IDENTITY_LIMITS.accessTokenSeconds),
  /** Sliding: a refresh token not used within this long is dead. */
  REFRESH_TOKEN_SECONDS: seconds(IDENTITY_LIMITS.refreshTokenSeconds),
  /** Absolute: a session (refresh family) ends this long after sign-in, however often it refreshed. */
  SESSION_MAX_SECONDS: seconds(IDENTITY_LIMITS.sessionMaxSeconds),
  /**
   * How often revocations of the last access-token lifetime are written to Redis again (a
   * write lost while Redis was down, a Redis restarted empty); 0 = never (tests call it).
   */
  REVOCATION_SYNC_MS: z.coerce.number().int().min(0).default(30_000),
  OTP_SECONDS: seconds(IDENTITY_LIMITS.otpSeconds),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(IDENTITY_LIMITS.otpResendCooldownSeconds),
  DELETION_GRACE_DAYS: z.coerce.number().min(0).default(IDENTITY_LIMITS.deletionGraceDays),
  /** How often the anonymisation job looks for accounts past their grace period; 0 = never (tests call it). */
  DELETION_JOB_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  /** Requests per minute per mobile number on login, OTP verify/resend and forgot password. */
  RATE_LIMIT_PER_MOBILE: z.coerce.number().int().min(1).default(5),
  /** Requests per minute per client IP on the same endpoints (and uploads). */
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  ...emailEnv,
  ...nafathEnv,
  ...googleEnv,
});
export type ServiceConfig = z.infer<typeof envSchema>;

export { IDENTITY_CONFIG } from './shared/config.token.js';
