import { describeEdge } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seedPlans } from '../src/plans/plans.seed.js';

describeEdge({
  service: 'payments',
  buildDataSource,
  seed: seedPlans,
  // No Stripe behind it: bad input never reaches a real plan, so the client is never called.
  appModule: (env) => AppModule.forRoot(envSchema.parse({ ...env, STRIPE_API_URL: 'http://127.0.0.1:9' })),
});
