import { z } from 'zod';
import { SERVICES } from '@manzil/contracts';
import { dataEnvSchema } from '@manzil/nest-kit/base';

const DEV_STRIPE_SECRET_KEY = 'sk_test_manzil_dev';
const DEV_STRIPE_WEBHOOK_SECRET = 'whsec_manzil_dev';

/** The variables (the CLI picks the few it needs from here: a refined schema cannot be picked). */
export const envShape = dataEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(SERVICES.payments.port),
  /** Stripe's secret key (the sandbox accepts its development key, `sk_test_manzil_dev`). */
  STRIPE_SECRET_KEY: z.string().min(1).default(DEV_STRIPE_SECRET_KEY),
  /** The signing secret of our webhook endpoint (`whsec_...`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).default(DEV_STRIPE_WEBHOOK_SECRET),
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

export const envSchema = envShape
  // Talking to Stripe itself with the sandbox's keys would fail every payment: say so at boot.
  .refine(
    (env) =>
      env.STRIPE_API_URL !== undefined ||
      (env.STRIPE_SECRET_KEY !== DEV_STRIPE_SECRET_KEY &&
        env.STRIPE_WEBHOOK_SECRET !== DEV_STRIPE_WEBHOOK_SECRET),
    {
      path: ['STRIPE_SECRET_KEY'],
      message:
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set when STRIPE_API_URL is not (Stripe itself)',
    },
  );
export type ServiceConfig = z.infer<typeof envSchema>;
