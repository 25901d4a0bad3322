import { describeEdge } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';

describeEdge({
  service: 'auctions',
  buildDataSource,
  appModule: (env) => AppModule.forRoot(envSchema.parse(env)),
});
