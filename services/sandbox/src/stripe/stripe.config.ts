import { z } from 'zod';

/**
 * The sandbox's Stripe settings, all optional: the keys default to the development pair
 * that payments' `.env.example` uses too.
 */
export const stripeSandboxEnv = {
  /** The secret key the API accepts (`Authorization: Bearer <key>`). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret of the one webhook endpoint (`whsec_...`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where events are posted, e.g. http://127.0.0.1:4005/v1/payments/stripe/webhook. */
  STRIPE_WEBHOOK_URL: z.url().optional(),
  /**
   * The public base of the hosted checkout page (e.g. http://localhost:3000/api/sandbox when
   * the browser reaches the sandbox through the gateway); default: where the API call came to.
   */
  STRIPE_CHECKOUT_BASE_URL: z.url().optional(),
};

export const DEV_STRIPE_SECRET_KEY = 'sk_test_manzil_dev';
export const DEV_STRIPE_WEBHOOK_SECRET = 'whsec_manzil_dev';

export interface StripeSandboxOptions {
  namespace: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  checkoutBaseUrl?: string;
}

export function stripeOptions(config: {
  SANDBOX_NAMESPACE: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_WEBHOOK_URL?: string;
  STRIPE_CHECKOUT_BASE_URL?: string;
}): StripeSandboxOptions {
  return {
    namespace: config.SANDBOX_NAMESPACE,
    secretKey: config.STRIPE_SECRET_KEY ?? DEV_STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? DEV_STRIPE_WEBHOOK_SECRET,
    webhookUrl: config.STRIPE_WEBHOOK_URL,
    checkoutBaseUrl: config.STRIPE_CHECKOUT_BASE_URL,
  };
}
