import { z } from 'zod';

/**
 * The sandbox's Nafath settings. All optional, so the sandbox starts with nothing set:
 * the credentials then default to the development pair below (the identity service's
 * `.env.example` uses the same), the key is generated at start.
 */
export const nafathSandboxEnv = {
  /** The APP-ID / APP-KEY pair the sandbox accepts (the real provider issues one per platform). */
  NAFATH_APP_ID: z.string().min(1).optional(),
  NAFATH_APP_KEY: z.string().min(1).optional(),
  /** Where approvals and rejections are posted, e.g. http://127.0.0.1:4001/v1/nafath/callback. */
  NAFATH_CALLBACK_URL: z.url().optional(),
  /** How long a request stays open (default 180 s, as the real provider). */
  NAFATH_REQUEST_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** PEM (PKCS#8) of the token-signing key; generated at start when absent. */
  NAFATH_PRIVATE_KEY: z.string().optional(),
};

export const DEV_NAFATH_APP_ID = 'manzil-dev';
export const DEV_NAFATH_APP_KEY = 'manzil-dev-key';

export interface NafathSandboxOptions {
  namespace: string;
  appId: string;
  appKey: string;
  callbackUrl?: string;
  requestSeconds: number;
  privateKeyPem?: string;
}

export function nafathOptions(config: {
  SANDBOX_NAMESPACE: string;
  NAFATH_APP_ID?: string;
  NAFATH_APP_KEY?: string;
  NAFATH_CALLBACK_URL?: string;
  NAFATH_REQUEST_SECONDS?: number;
  NAFATH_PRIVATE_KEY?: string;
}): NafathSandboxOptions {
  return {
    namespace: config.SANDBOX_NAMESPACE,
    appId: config.NAFATH_APP_ID ?? DEV_NAFATH_APP_ID,
    appKey: config.NAFATH_APP_KEY ?? DEV_NAFATH_APP_KEY,
    callbackUrl: config.NAFATH_CALLBACK_URL,
    requestSeconds: config.NAFATH_REQUEST_SECONDS ?? 180,
    privateKeyPem: config.NAFATH_PRIVATE_KEY,
  };
}
