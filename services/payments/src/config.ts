import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit';

export const envSchema = dataEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.payments.port),
  /** Stripe's secret key (the sandbox accepts its development key, `sk_test_manzil_dev`). */
  STRIPE_SECRET_KEY: z.string().min(1).default('sk_test_manzil_dev'),
  /** The signing secret of our webhook endpoint (`whsec_...`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default('whsec_manzil_dev'),
  /**
   * Where the official client sends its calls: unset is Stripe itself (api.stripe.com);
   * development and tests point it at the sandbox (e.g. http://127.0.0.1:4010).
   */
  STRIPE_API_URL: z.url().optional(),
  /** Each site's public origin: the provider sends the browser back to its result pages. */
  SITE_URL_AE: z.url().default('http://ae.localhost:3000'),
  SITE_URL_SA: z.url().default('http://sa.localhost:3000'),
  /** A payment still pending this long is asked about at the provider (reconciliation). */
  RECONCILE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /** How often the reconciliation and expiry job runs (0: never, tests run it themselves). */
  RECONCILE_EVERY_MS: z.coerce.number().int().min(0).default(60_000),
});
export type ServiceConfig = z.infer<typeof envSchema>;
