import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { requireInProduction } from '@manzil/nest-kit/base';
import type { EmailEnv } from '@manzil/nest-kit/base';

/**
 * What the enquiry e-mail needs beyond the service's e-mail settings (`emailEnv`, shared with
 * the notification e-mails): IDENTITY_URL, where the agent's public contact is read (identity's
 * directory). Required in production.
 */
export const enquiryEmailEnv = {
  IDENTITY_URL: z.url().optional(),
};
export type EnquiryEmailConfig = EmailEnv & { IDENTITY_URL?: string };

export function identityUrlOf(config: EnquiryEmailConfig): string {
  requireInProduction(config, ['IDENTITY_URL']);
  return config.IDENTITY_URL ?? `http://127.0.0.1:${SERVICES.identity.port}`;
}
