import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { requireInProduction } from '@manzil/nest-kit/base';

/**
 * The REGA advertisement validator's variables, spread into listings' `envSchema`. Optional so
 * development and tests talk to the sandbox without setting them; production sets all three.
 */
export const regaEnv = {
  /** The provider's base URL (the sandbox in development: http://127.0.0.1:4010). */
  REGA_URL: z.url().optional(),
  REGA_CLIENT_ID: z.string().min(1).optional(),
  REGA_CLIENT_SECRET: z.string().min(1).optional(),
  /** How long a call may take before the regulator counts as unreachable (default 10 s). */
  REGA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
};

export interface RegaSettings {
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

/** The development pair the sandbox accepts by default. */
export const DEV_REGA = { clientId: 'manzil-dev', clientSecret: 'manzil-dev-secret' } as const;

export function regaSettings(config: {
  NODE_ENV?: string;
  REGA_URL?: string;
  REGA_CLIENT_ID?: string;
  REGA_CLIENT_SECRET?: string;
  REGA_TIMEOUT_MS?: number;
}): RegaSettings {
  requireInProduction(config, ['REGA_URL', 'REGA_CLIENT_ID', 'REGA_CLIENT_SECRET']);
  return {
    url: (config.REGA_URL ?? `http://127.0.0.1:${SERVICES.sandbox.port}`).replace(/\/+$/, ''),
    clientId: config.REGA_CLIENT_ID ?? DEV_REGA.clientId,
    clientSecret: config.REGA_CLIENT_SECRET ?? DEV_REGA.clientSecret,
    timeoutMs: config.REGA_TIMEOUT_MS ?? 10_000,
  };
}
