import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit';
import { storageEnv } from '@manzil/storage';
import { regaEnv } from './ad-licence/rega.config.js';

export const envSchema = dataEnvSchema.extend({
  ...storageEnv,
  ...regaEnv,
  /** Chromium that prints the proposal PDFs (default Debian's /usr/bin/chromium). */
  CHROMIUM_PATH: z.string().min(1).optional(),
  /** How long a unit stays held for a booking whose payment has not come (spec §6; 30 minutes). */
  UNIT_HOLD_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(30 * 60_000),
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.listings.port),
});
export type ServiceConfig = z.infer<typeof envSchema>;
