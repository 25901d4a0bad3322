import { z } from 'zod';

/** The client id / secret pair the sandbox's validator accepts (all optional: dev defaults). */
export const regaSandboxEnv = {
  REGA_CLIENT_ID: z.string().min(1).optional(),
  REGA_CLIENT_SECRET: z.string().min(1).optional(),
};

export const DEV_REGA = { clientId: 'manzil-dev', clientSecret: 'manzil-dev-secret' } as const;

export interface RegaSandboxOptions {
  clientId: string;
  clientSecret: string;
}

export function regaOptions(config: {
  REGA_CLIENT_ID?: string;
  REGA_CLIENT_SECRET?: string;
}): RegaSandboxOptions {
  return {
    clientId: config.REGA_CLIENT_ID ?? DEV_REGA.clientId,
    clientSecret: config.REGA_CLIENT_SECRET ?? DEV_REGA.clientSecret,
  };
}
