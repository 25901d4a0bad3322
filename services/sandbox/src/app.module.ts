import { type DynamicModule, Module } from '@nestjs/common';
import { ManzilKitModule } from '@manzil/nest-kit';
import { refuseProduction, type SandboxConfig } from './config.js';
import { googleOptions } from './google/google.config.js';
import { GOOGLE_ROUTES, GoogleSandboxModule } from './google/google.module.js';
import { nafathOptions } from './nafath/nafath.config.js';
import { NAFATH_ROUTES, NafathSandboxModule } from './nafath/nafath.module.js';
import { regaOptions } from './rega/rega.config.js';
import { REGA_ROUTES, RegaSandboxModule } from './rega/rega.module.js';
import { s3Options } from './s3/s3.config.js';
import { S3SandboxModule } from './s3/s3.module.js';
import { SINK_ROUTES, SinksModule } from './sinks/sinks.module.js';
import { stripeOptions } from './stripe/stripe.config.js';
import { STRIPE_ROUTES, StripeSandboxModule } from './stripe/stripe.module.js';

/** A dynamic module so tests pass their own configuration. */
@Module({})
export class AppModule {
  static forRoot(config: SandboxConfig): DynamicModule {
    refuseProduction(config.NODE_ENV);
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'sandbox',
          redisUrl: config.REDIS_URL,
          routes: [...SINK_ROUTES, ...NAFATH_ROUTES, ...GOOGLE_ROUTES, ...REGA_ROUTES, ...STRIPE_ROUTES],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        SinksModule.forRoot(config.SANDBOX_NAMESPACE, config.UNIFONIC_APP_SID),
        NafathSandboxModule.forRoot(nafathOptions(config)),
        GoogleSandboxModule.forRoot(googleOptions(config)),
        S3SandboxModule.forRoot(s3Options(config)),
        RegaSandboxModule.forRoot(regaOptions(config)),
        StripeSandboxModule.forRoot(stripeOptions(config)),
      ],
    };
  }
}
