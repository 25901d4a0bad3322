import { describeEdge } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seedPlans } from '../src/plans/plans.seed.js';

describeEdge({
  service: 'payments',
  buildDataSource,
  seed: seedPlans,
  appModule: (env) => AppModule.forRoot(envSchema.parse(env)),
});
