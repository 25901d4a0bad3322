import { type DynamicModule, Module } from '@nestjs/common';
import { ManzilKitModule } from '@manzil/nest-kit';
import { refuseProduction, type SandboxConfig } from './config.js';
import { SINK_ROUTES, SinksModule } from './sinks/sinks.module.js';

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
          jwtPublicKey: config.JWT_PUBLIC_KEY,
          redisUrl: config.REDIS_URL,
          routes: SINK_ROUTES,
        }),
        SinksModule.forRoot(config.SANDBOX_NAMESPACE),
      ],
    };
  }
}
