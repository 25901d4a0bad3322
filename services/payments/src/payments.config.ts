import type { ServiceConfig } from './config.js';

/** The settings the payment features read, provided once by the app module. */
export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
export type PaymentsConfig = Pick<
  ServiceConfig,
  'SITE_URL_AE' | 'SITE_URL_SA' | 'STRIPE_WEBHOOK_SECRET' | 'RECONCILE_AFTER_MS' | 'RECONCILE_EVERY_MS'
>;
