import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { baseEnvSchema, ConfigError } from '@manzil/nest-kit';
import { googleSandboxEnv } from './google/google.config.js';
import { nafathSandboxEnv } from './nafath/nafath.config.js';
import { regaSandboxEnv } from './rega/rega.config.js';
import { s3SandboxEnv } from './s3/s3.config.js';
import { stripeSandboxEnv } from './stripe/stripe.config.js';

/** The sandbox verifies no token and has no database: Redis keeps what it receives. */
export const envSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.sandbox.port),
  REDIS_URL: z.url('REDIS_URL must be a redis:// URL'),
  SANDBOX_NAMESPACE: z.string().min(1).default('manzil:sandbox'),
  /** The AppSid its Unifonic endpoint accepts (default `manzil-dev`). */
  UNIFONIC_APP_SID: z.string().min(1).optional(),
  ...nafathSandboxEnv,
  ...googleSandboxEnv,
  ...s3SandboxEnv,
  ...regaSandboxEnv,
  ...stripeSandboxEnv,
});
export type SandboxConfig = z.infer<typeof envSchema>;

/**
 * The sandbox fakes outside providers (it would accept any payment, read anyone's OTP): it
 * must never run in production. Checked at boot and again when the module is built.
 */
export function refuseProduction(nodeEnv: string | undefined): void {
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'sandbox refuses to start with NODE_ENV=production: it fakes outside providers and is for development and tests only',
    );
  }
}
