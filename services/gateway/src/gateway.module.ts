import {
  type DynamicModule,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  badInputMiddleware,
  ManzilKitModule,
  requestContextMiddleware,
  requestMetricsMiddleware,
  sequence,
} from '@manzil/nest-kit/http';
import { ApiRoute } from './api-route.js';
import type { GatewayConfig } from './config.js';
import { cors } from './cors.js';
import { defaultFrontendsDir, frontends } from './frontends.js';
import { PageHeads } from './page-head.js';
import { apiProxy, isApiPath, pathOf, UpstreamAgents } from './proxy.js';
import { RateLimiter } from './rate-limit.js';
import { ResponseCache } from './response-cache.js';
import { securityHeaders } from './security-headers.js';
import { mapConfig, Sitemaps } from './sitemaps.js';
import { upstreams } from './upstreams.js';
import type { NextFunction, Request, Response } from 'express';

const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
const ON_SHUTDOWN = Symbol('ON_SHUTDOWN');

/**
 * The gateway has no controllers of its own beyond the kit's /health, /ready and
 * /openapi.json: it is a chain of middleware. Order matters: headers on everything, CORS
 * (answers preflights), the rate limit on /api/**, the proxy, the map's configuration, the
 * sitemaps and robots.txt, then the static frontends.
 */
@Module({})
export class AppModule implements NestModule, OnApplicationShutdown {
  private readonly agents = new UpstreamAgents();

  static forRoot(
    config: GatewayConfig,
    onShutdown: () => void = () => undefined,
    apiRoute: ApiRoute = new ApiRoute(),
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'gateway',
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: ON_SHUTDOWN, useValue: onShutdown },
        { provide: ApiRoute, useValue: apiRoute },
        {
          provide: RateLimiter,
          useFactory: () =>
            new RateLimiter({
              redisUrl: config.REDIS_URL,
              namespace: config.GATEWAY_RATE_NAMESPACE,
              perMinute: config.RATE_LIMIT_PER_MINUTE,
            }),
        },
        {
          provide: ResponseCache,
          useFactory: () =>
            new ResponseCache({
              redisUrl: config.REDIS_URL,
              maxBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
              maxAgeMs: config.RESPONSE_CACHE_MAX_AGE_SECONDS * 1000,
            }),
        },
      ],
    };
  }

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: RateLimiter,
    private readonly cache: ResponseCache,
    @Inject(ON_SHUTDOWN) private readonly onShutdown: () => void,
    private readonly apiRoute: ApiRoute,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    const limit = this.limiter.middleware();
    const cached = this.cache.middleware();
    const table = upstreams(this.config);
    const content = table.get('content');
    const search = table.get('search');
    const headers = securityHeaders(this.config.MAP_TILE_URL);
    const allowOrigins = cors(this.config.CORS_ORIGINS);
    const proxy = apiProxy(table, this.config.PROXY_TIMEOUT_MS, this.agents);
    // A proxied request's whole chain, the kit's three first, run without Express (`api-route.ts`);
    // the response cache (response-cache.ts) answers a kept GET before the proxy. Express's chain
    // below sees only /api paths of no known service (404), so it has no cache.
    this.apiRoute.prefixes = new Set(table.keys());
    this.apiRoute.handler = sequence(
      requestContextMiddleware,
      requestMetricsMiddleware('gateway'),
      badInputMiddleware,
      headers,
      allowOrigins,
      limit,
      cached,
      proxy,
    );
    consumer
      .apply(
        // One Express layer for the chain, not one each (nest-kit's `sequence`: issue 13).
        sequence(
          headers,
          allowOrigins,
          (request: Request, response: Response, next: NextFunction) =>
            isApiPath(pathOf(request)) ? limit(request, response, next) : next(),
          proxy,
          mapConfig(this.config.MAP_TILE_URL, this.config.MAP_TILE_ATTRIBUTION),
          new Sitemaps(table).handler(),
          frontends(
            this.config.FRONTENDS_DIR ?? defaultFrontendsDir(),
            this.config.REMOTES_MANIFEST,
            content || search ? new PageHeads(content?.target, search?.target) : undefined,
          ),
        ),
      )
      .forRoutes('{*path}');
  }

  onApplicationShutdown(): void {
    this.agents.destroy();
    this.onShutdown();
  }
}
