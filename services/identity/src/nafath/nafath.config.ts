import { z } from 'zod';
import { IDENTITY_LIMITS, SERVICES } from '@manzil/contracts';
import { requireInProduction } from '@manzil/nest-kit/base';

/**
 * Nafath variables, to spread into identity's `envSchema` (`...nafathEnv`). Optional so
 * development and tests run against the sandbox without setting them; production must
 * set the three of them (checked in `nafathSettings`).
 */
export const nafathEnv = {
  /** The provider's base URL (the sandbox in development: http://127.0.0.1:4010). */
  NAFATH_URL: z.url().optional(),
  NAFATH_APP_ID: z.string().min(1).optional(),
  NAFATH_APP_KEY: z.string().min(1).optional(),
  /** The `service` of a request (the provider's service name for the platform). */
  NAFATH_SERVICE: z.string().min(1).optional(),
  /** How long a request is waited for before a new one may be asked (default 180 s). */
  NAFATH_REQUEST_SECONDS: z.coerce.number().int().min(1).optional(),
};
export const nafathEnvSchema = z.object(nafathEnv);
export type NafathEnv = z.infer<typeof nafathEnvSchema> & { NODE_ENV?: string };

export interface NafathSettings {
  url: string;
  appId: string;
  appKey: string;
  service: string;
  requestSeconds: number;
}

/** The development pair the sandbox accepts by default. */
export const DEV_NAFATH = { appId: 'manzil-dev', appKey: 'manzil-dev-key' } as const;

export function nafathSettings(config: NafathEnv): NafathSettings {
  requireInProduction(config, ['NAFATH_URL', 'NAFATH_APP_ID', 'NAFATH_APP_KEY']);
  return {
    url: (config.NAFATH_URL ?? `http://127.0.0.1:${SERVICES.sandbox.port}`).replace(/\/+$/, ''),
    appId: config.NAFATH_APP_ID ?? DEV_NAFATH.appId,
    appKey: config.NAFATH_APP_KEY ?? DEV_NAFATH.appKey,
    service: config.NAFATH_SERVICE ?? 'Login',
    requestSeconds: config.NAFATH_REQUEST_SECONDS ?? IDENTITY_LIMITS.nafathRequestSeconds,
  };
}
