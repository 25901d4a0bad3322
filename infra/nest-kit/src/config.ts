import { z } from 'zod';

/** Variables every service reads. A service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_PUBLIC_KEY: z.string().min(1, 'JWT_PUBLIC_KEY (PEM, RS256) is required'),
  /** Comma-separated; when set the bus runs on Kafka instead of Redis Streams. */
  KAFKA_BROKERS: z.string().optional(),
});

export const dataEnvSchema = baseEnvSchema.extend({
  DATABASE_URL: z.url('DATABASE_URL must be a postgres:// URL'),
  REDIS_URL: z.url('REDIS_URL must be a redis:// URL'),
  BUS_NAMESPACE: z.string().min(1).default('manzil'),
});

export class ConfigError extends Error {}

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
