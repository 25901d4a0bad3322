import {
  type DynamicModule,
  Inject,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnApplicationShutdown,
  type OnModuleInit,
  type Provider,
  type Type,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { AuthModuleOptions } from '@nestjs/passport';
import { Redis } from 'ioredis';
import { routeAccessProblems } from './access.js';
import {
  AUTH_SETUP,
  JwtAuthGuard,
  JwtStrategyRegistration,
  type AuthSetup,
  type KitAuthOptions,
} from './auth.js';
import { badInputMiddleware } from './bad-input.middleware.js';
import { TokenRevocations } from './revocations.js';
import { requestContextMiddleware } from './context.middleware.js';
import { sequence } from './sequence.js';
import { EnvelopeExceptionFilter } from './envelope.filter.js';
import { EnvelopeInterceptor } from './envelope.interceptor.js';
import { HealthController } from './health.controller.js';
import { METRICS_PORT, MetricsController, MetricsServer, requestMetricsMiddleware } from './metrics.js';
import { buildOpenApi, type RouteDoc } from './openapi.js';
import { OPENAPI_DOCUMENT, REDIS } from './tokens.js';
import { TRUST_PROXY, TrustProxy } from './trust-proxy.js';

const KIT_OPTIONS = Symbol('KIT_OPTIONS');

/** Closes the shared Redis client with the application, so nothing keeps the process alive. */
@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    // QUIT waits for an answer: a Redis that is down would hold the shutdown.
    if (this.redis.status !== 'ready') return this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * Every endpoint says who may call it (deny by default): a route with neither `@Public()` nor
 * `@Roles`/`@Authenticated` stops the boot with the list of such routes, so an endpoint cannot
 * be left open by forgetting a decorator.
 */
@Injectable()
export class RouteAccessCheck implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const controllers = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype)
      .filter((type): type is Type => typeof type === 'function');
    const problems = routeAccessProblems(controllers);
    if (problems.length) {
      throw new Error(`every endpoint must say who may call it:\n  ${problems.join('\n  ')}`);
    }
  }
}

export interface KitOptions {
  service: string;
  /**
   * How tokens are verified (JWKS, issuer, audience, revocations). Without it no token is read
   * and every route must be `@Public()` (the gateway, the sandbox).
   */
  auth?: KitAuthOptions;
  /** When given, a shared ioredis client is provided as `REDIS` and checked by /ready. */
  redisUrl?: string;
  /** The service's routes for its OpenAPI document. */
  routes?: RouteDoc[];
  /** TRUST_PROXY: whose X-Forwarded-For to believe (default `loopback`). */
  trustProxy?: string;
  /** METRICS_PORT: serve /metrics there instead of on the service's own port. */
  metricsPort?: number;
}

/**
 * What every service gets: request context (id, site, language, time zone), bad input
 * refused before any handler, request metrics, the response envelope and its exception
 * filter, the passport-jwt guard with roles and revocations (every route closed unless
 * marked), "trust proxy", /health, /ready, /openapi.json and /metrics.
 */
@Module({})
export class ManzilKitModule implements NestModule {
  constructor(@Inject(KIT_OPTIONS) private readonly options: KitOptions) {}

  static forRoot(options: KitOptions): DynamicModule {
    const auth = options.auth;
    if (auth && !options.redisUrl) {
      throw new Error(
        `${options.service}: verifying tokens needs redisUrl (revocations are read from Redis)`,
      );
    }
    const setup: AuthSetup = { verifies: Boolean(auth) };
    const controllers: Type[] = [HealthController];
    const providers: Provider[] = [
      { provide: KIT_OPTIONS, useValue: options },
      { provide: TRUST_PROXY, useValue: options.trustProxy ?? 'loopback' },
      TrustProxy,
      { provide: OPENAPI_DOCUMENT, useValue: buildOpenApi(options.service, options.routes ?? []) },
      { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
      { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
      { provide: AUTH_SETUP, useValue: setup },
      RouteAccessCheck,
      { provide: APP_GUARD, useClass: JwtAuthGuard },
    ];
    if (options.metricsPort === undefined) controllers.push(MetricsController);
    else providers.push({ provide: METRICS_PORT, useValue: options.metricsPort }, MetricsServer);
    const exported: (string | symbol)[] = [];
    if (auth && options.redisUrl) {
      const redisUrl = options.redisUrl;
      // Factories, not values: nothing connects or registers until an application is built.
      providers.push(
        {
          provide: TokenRevocations,
          useFactory: () =>
            new TokenRevocations({
              redisUrl,
              namespace: auth.namespace,
              graceSeconds: auth.redisGraceSeconds,
            }),
        },
        {
          provide: JwtStrategyRegistration,
          useFactory: (revocations: TokenRevocations) => new JwtStrategyRegistration(auth, revocations),
          inject: [TokenRevocations],
        },
        {
          provide: AuthModuleOptions,
          useFactory: (registration: JwtStrategyRegistration) => ({
            defaultStrategy: registration.name,
            session: false,
          }),
          inject: [JwtStrategyRegistration],
        },
      );
    } else {
      providers.push({ provide: AuthModuleOptions, useValue: { defaultStrategy: 'none', session: false } });
    }
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
      imports: [DiscoveryModule],
      controllers,
      providers,
      exports: exported,
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      // One layer for the three (`sequence`): same order, same errors.
      .apply(
        sequence(
          requestContextMiddleware,
          requestMetricsMiddleware(this.options.service),
          badInputMiddleware,
        ),
      )
      .forRoutes('*path');
  }
}
