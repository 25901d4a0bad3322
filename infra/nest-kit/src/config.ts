import { z } from 'zod';
import { trustProxySchema } from './trust-proxy-setting.js';

/** Variables every service reads. A service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated; when set the bus runs on Kafka instead of Redis Streams. */
  KAFKA_BROKERS: z.string().optional(),
  /**
   * The proxies whose X-Forwarded-For is believed for the client IP: the ingress controller's
   * range for the gateway, the gateway's range for the services behind it.
   */
  TRUST_PROXY: trustProxySchema.optional(),
  /**
   * When set, /metrics is served on this port only (k8s and Compose: 9464, a port no Service
   * or Ingress routes to); unset, on the service's own port (development, tests).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

/** How a service verifies tokens (see `authOptionsFrom`); the gateway and the sandbox verify none. */
export const authEnv = {
  /** identity's JSON Web Key Set (e.g. http://identity:4001/.well-known/jwks.json): tokens are verified by `kid`. */
  JWT_JWKS_URL: z.url('JWT_JWKS_URL must be an http(s):// URL'),
  /** The `iss` identity writes and every service requires; one value per deployment. */
  JWT_ISSUER: z.string().min(1).default('manzil-identity'),
  /** The `aud` identity writes and every service requires; one value per deployment (staging ≠ production). */
  JWT_AUDIENCE: z.string().min(1).default('manzil'),
  /** While Redis does not answer, tokens are still accepted for this long, then 503 (see nest-kit's README). */
  AUTH_REDIS_GRACE_SECONDS: z.coerce.number().int().min(0).default(30),
};

export const dataEnvSchema = baseEnvSchema.extend({
  ...authEnv,
  DATABASE_URL: z.url('DATABASE_URL must be a postgres:// URL'),
  REDIS_URL: z.url('REDIS_URL must be a redis:// URL'),
  BUS_NAMESPACE: z.string().min(1).default('manzil'),
  /** Attempts of a failing event handler before its dead letter (default 6). */
  BUS_MAX_ATTEMPTS: z.coerce.number().int().min(1).optional(),
  /** Pauses between those attempts, comma-separated ms, the last repeating (default 1000,5000,30000,120000,600000). */
  BUS_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'comma-separated milliseconds, e.g. 1000,5000,30000')
    .transform((list) => list.split(',').map(Number))
    .optional(),
  /** Redis Streams: minutes an event stays on its stream once every group has read it (default 1440). */
  BUS_STREAM_RETENTION_MINUTES: z.coerce.number().int().min(1).optional(),
  /** Published outbox rows are deleted after this many days (fractions allowed; default 7). */
  BUS_OUTBOX_RETENTION_DAYS: z.coerce.number().min(0).optional(),
  /** Inbox rows are deleted after this many days (default 35: longer than any redelivery, see @manzil/bus README). */
  BUS_INBOX_RETENTION_DAYS: z.coerce.number().min(0).optional(),
  /** How often the retention job runs (default hourly). */
  BUS_RETENTION_EVERY_MS: z.coerce.number().int().min(100).optional(),
});

export class ConfigError extends Error {}

/**
 * An outside provider's settings default to the sandbox in development and tests; production
 * must name them. Throws one line naming every missing variable.
 */
export function requireInProduction<K extends string>(
  config: { NODE_ENV?: string } & Partial<Record<K, unknown>>,
  names: readonly K[],
): void {
  if (config.NODE_ENV !== 'production') return;
  const missing = names.filter((name) => !config[name]);
  if (missing.length)
    throw new ConfigError(`configuration error: ${missing.map((name) => `${name} is missing`).join('; ')}`);
}

/**
 * Validates the environment once, at boot. A missing or wrong variable becomes one clear
 * line naming it, so `node dist/main.js` stops with something a person can act on.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const given = issue.path.length ? env[String(issue.path[0])] : env;
    return given === undefined ? `${name} is missing` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(`configuration error: ${problems.join('; ')}`);
}

/** Prints a ConfigError as one line and exits; anything else is rethrown. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
