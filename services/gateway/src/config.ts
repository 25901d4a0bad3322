import { z } from 'zod';
import { baseEnvSchema } from '@manzil/nest-kit/http';

const DEFAULT_CORS_ORIGINS = 'http://ae.localhost:3000,http://sa.localhost:3000,http://localhost:3000';

const optionalUrl = (name: string) => z.url(`${name} must be an http:// URL`).optional();

/**
 * The gateway verifies no token (each service does) and has no database. Upstream URLs
 * default to the local ports of `contracts`.
 */
export const envSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  REDIS_URL: z.url('REDIS_URL must be a redis:// URL').default('redis://127.0.0.1:6379'),
  GATEWAY_RATE_NAMESPACE: z.string().min(1).default('manzil:rl'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CORS_ORIGINS: z.string().default(DEFAULT_CORS_ORIGINS),
  PROXY_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  /**
   * The response cache of tagged upstream answers (response-cache.ts): its memory in MB (0: off)
   * and the longest an answer is kept when no purge came.
   */
  RESPONSE_CACHE_MB: z.coerce.number().min(0).default(64),
  RESPONSE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(60),
  FRONTENDS_DIR: z.string().optional(),
  /** JSON object overriding the runtime manifest served at /remotes.json. */
  REMOTES_MANIFEST: z
    .string()
    .optional()
    .refine((value) => value === undefined || isJsonObject(value), 'REMOTES_MANIFEST must be a JSON object'),
  /**
   * The map search's raster tiles, a Leaflet URL template (`https://tiles.example/{z}/{x}/{y}.png`);
   * unset: no tile server, the map shows its offline country outlines only. Its origin is added
   * to the CSP's img-src.
   */
  MAP_TILE_URL: z
    .string()
    .optional()
    .refine(
      (value) => !value || /^https?:\/\/[^/]+\//.test(value),
      'MAP_TILE_URL must be an http(s) URL template',
    ),
  MAP_TILE_ATTRIBUTION: z.string().default(''),
  IDENTITY_URL: optionalUrl('IDENTITY_URL'),
  LISTINGS_URL: optionalUrl('LISTINGS_URL'),
  SEARCH_URL: optionalUrl('SEARCH_URL'),
  AUCTIONS_URL: optionalUrl('AUCTIONS_URL'),
  PAYMENTS_URL: optionalUrl('PAYMENTS_URL'),
  CONTENT_URL: optionalUrl('CONTENT_URL'),
  NOTIFICATIONS_URL: optionalUrl('NOTIFICATIONS_URL'),
  SANDBOX_URL: optionalUrl('SANDBOX_URL'),
});
export type GatewayConfig = z.infer<typeof envSchema>;

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
