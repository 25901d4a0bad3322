import { z } from 'zod';
import { IDENTITY_LIMITS, SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit';
import { googleEnv } from './google/google.config.js';
import { nafathEnv } from './nafath/nafath.config.js';
import { emailEnv } from './otp/email-sender.js';
import { smsEnv } from './otp/sms-sender.js';

const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envSchema = dataEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.identity.port),
  /** PEM (PKCS#8, RS256): identity alone signs tokens; the others verify with JWT_PUBLIC_KEY. */
  JWT_PRIVATE_KEY: z.string().min(1, 'JWT_PRIVATE_KEY (PEM, RS256) is required'),
  ...smsEnv,
  /** Where uploaded pictures and logos are kept (default `<repo>/.data/uploads`). */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** The path the browser reaches this service on (through the gateway), for picture URLs. */
  PUBLIC_PATH: z.string().default('/api/identity'),
  /** Express "trust proxy": whose X-Forwarded-For to believe for the client IP (the gateway). */
  TRUST_PROXY: z.string().default('loopback'),
  ACCESS_TOKEN_SECONDS: seconds(IDENTITY_LIMITS.accessTokenSeconds),
  REFRESH_TOKEN_SECONDS: seconds(IDENTITY_LIMITS.refreshTokenSeconds),
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
