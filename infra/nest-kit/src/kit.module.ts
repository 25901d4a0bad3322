import {
  type DynamicModule,
  Inject,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { Redis } from 'ioredis';
import { AuthGuard, JWT_PUBLIC_KEY } from './auth.js';
import { requestContextMiddleware } from './context.middleware.js';
import { EnvelopeExceptionFilter } from './envelope.filter.js';
import { EnvelopeInterceptor } from './envelope.interceptor.js';
import { HealthController } from './health.controller.js';
import { buildOpenApi, type RouteDoc } from './openapi.js';
import { OPENAPI_DOCUMENT, REDIS } from './tokens.js';

/** Closes the shared Redis client with the application, so nothing keeps the process alive. */
@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export interface KitOptions {
  service: string;
  jwtPublicKey: string;
  /** When given, a shared ioredis client is provided as `REDIS` and checked by /ready. */
  redisUrl?: string;
  /** The service's routes for its OpenAPI document. */
  routes?: RouteDoc[];
}

/**
 * What every service gets: request context (id, site, language, time zone), the response
 * envelope and its exception filter, the JWT guard with roles, /health, /ready and
 * /openapi.json.
 */
@Module({})
export class ManzilKitModule implements NestModule {
  static forRoot(options: KitOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: JWT_PUBLIC_KEY, useValue: options.jwtPublicKey },
      { provide: OPENAPI_DOCUMENT, useValue: buildOpenApi(options.service, options.routes ?? []) },
      { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
      { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
      { provide: APP_GUARD, useClass: AuthGuard },
    ];
    const exported: (string | symbol)[] = [JWT_PUBLIC_KEY];
    if (options.redisUrl) {
      const url = options.redisUrl;
      providers.push(
        { provide: REDIS, useFactory: () => new Redis(url, { maxRetriesPerRequest: 3 }) },
        RedisLifecycle,
      );
      exported.push(REDIS);
    }
    return {
      module: ManzilKitModule,
      global: true,
      controllers: [HealthController],
      providers,
      exports: exported,
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestContextMiddleware).forRoutes('*path');
  }
}
