import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit/base';
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
  /**
   * An upload not attached to a listing this long after it began was abandoned (a crash, a
   * refused save whose clean-up failed): the sweep deletes its stored objects and multer's
   * temporary files. Longer than any upload can take (a 50 MB video on a slow line); 6 hours.
   */
  UPLOAD_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(6 * 60 * 60_000),
  /** How often the upload sweep runs (a BullMQ repeatable job; it also runs at start); 0: only at start. Hourly. */
  UPLOAD_SWEEP_EVERY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.listings.port),
});
export type ServiceConfig = z.infer<typeof envSchema>;
