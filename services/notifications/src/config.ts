import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit';
import { enquiryEmailEnv } from './enquiry-email/enquiry-email.config.js';

export const envSchema = dataEnvSchema.extend({
  ...enquiryEmailEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.notifications.port),
});
export type ServiceConfig = z.infer<typeof envSchema>;
