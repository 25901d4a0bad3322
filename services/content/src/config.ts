import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit/base';

export const envSchema = dataEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.content.port),
  /** Seconds a cached public read (config, menus, pages, ...) stays in Redis; a change drops it at once anyway. */
  CONFIG_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).default(600),
});
export type ServiceConfig = z.infer<typeof envSchema>;
