import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema, emailEnv, smsEnv } from '@manzil/nest-kit/base';
import { enquiryEmailEnv } from './enquiry-email/enquiry-email.config.js';

export const envSchema = dataEnvSchema.extend({
  ...enquiryEmailEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.notifications.port),
  ...emailEnv,
  /** How often the e-mail dispatcher looks for e-mails due (it also starts at once after each event). */
  EMAIL_DISPATCH_MS: z.coerce.number().int().min(50).optional(),
  /** SMS: Unifonic in production (`UNIFONIC_APP_SID`, `UNIFONIC_SENDER_ID`), the sandbox otherwise (`SMS_URL`). */
  ...smsEnv,
  /** Attempts of a text message before it is given up (BullMQ; 8), and the first wait between them (5 s, doubling). */
  SMS_ATTEMPTS: z.coerce.number().int().min(1).max(20).optional(),
  SMS_RETRY_MS: z.coerce.number().int().min(10).optional(),
});
export type ServiceConfig = z.infer<typeof envSchema>;
