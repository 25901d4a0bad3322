import { z } from 'zod';

/** The sandbox's Google (OIDC issuer) settings, all optional. */
export const googleSandboxEnv = {
  /**
   * The issuer URL written in `iss` and the discovery document, e.g.
   * http://127.0.0.1:4010. When absent, the URL the request came to (scheme + Host).
   */
  GOOGLE_ISSUER_URL: z.url().optional(),
  /** Comma-separated client ids accepted by the consent page and /token; any when absent. */
  GOOGLE_CLIENT_IDS: z.string().optional(),
  /** PEM (PKCS#8) of the ID-token signing key; generated at start when absent. */
  GOOGLE_PRIVATE_KEY: z.string().optional(),
};

export interface GoogleSandboxOptions {
  namespace: string;
  issuer?: string;
  clientIds: string[];
  privateKeyPem?: string;
}

export function googleOptions(config: {
  SANDBOX_NAMESPACE: string;
  GOOGLE_ISSUER_URL?: string;
  GOOGLE_CLIENT_IDS?: string;
  GOOGLE_PRIVATE_KEY?: string;
}): GoogleSandboxOptions {
  return {
    namespace: config.SANDBOX_NAMESPACE,
    issuer: config.GOOGLE_ISSUER_URL?.replace(/\/+$/, ''),
    clientIds: (config.GOOGLE_CLIENT_IDS ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    privateKeyPem: config.GOOGLE_PRIVATE_KEY,
  };
}
