import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { requireInProduction } from '@manzil/nest-kit/base';

/**
 * Google sign-in variables, to spread into identity's `envSchema` (`...googleEnv`).
 * Optional for development and tests (the sandbox issuer); production must set both.
 */
export const googleEnv = {
  /** The issuer whose discovery document is read: https://accounts.google.com in production, the sandbox otherwise. */
  GOOGLE_ISSUER: z.url().optional(),
  /** Our OAuth client id: the `aud` every ID token must carry. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /**
   * Where browsers start sign-in, when they cannot reach the issuer's own
   * `authorization_endpoint` (e.g. the sandbox behind a container name). Default: discovered.
   */
  GOOGLE_AUTHORIZATION_ENDPOINT: z.url().optional(),
};
export const googleEnvSchema = z.object(googleEnv);
export type GoogleEnv = z.infer<typeof googleEnvSchema> & { NODE_ENV?: string };

export interface GoogleSettings {
  issuer: string;
  clientId: string;
  authorizationEndpoint?: string;
}

/** The client id the sandbox writes in `aud` by default. */
export const DEV_GOOGLE_CLIENT_ID = 'manzil-dev.apps.googleusercontent.com';

export function googleSettings(config: GoogleEnv): GoogleSettings {
  requireInProduction(config, ['GOOGLE_ISSUER', 'GOOGLE_CLIENT_ID']);
  return {
    issuer: (config.GOOGLE_ISSUER ?? `http://127.0.0.1:${SERVICES.sandbox.port}`).replace(/\/+$/, ''),
    clientId: config.GOOGLE_CLIENT_ID ?? DEV_GOOGLE_CLIENT_ID,
    authorizationEndpoint: config.GOOGLE_AUTHORIZATION_ENDPOINT,
  };
}
