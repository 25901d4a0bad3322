// Deny by default, checked over every service: each route of each service's AppModule (read
// from the Nest module metadata, controllers of every imported module included) names its
// roles (`@Roles`/`@Authenticated`) or is marked `@Public()`. A service would also refuse to
// boot with such a route (nest-kit's RouteAccessCheck); this lists them all in one place.
import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { Controller, Get, Module, type DynamicModule, type Type } from '@nestjs/common';
import { controllersOf, ManzilKitModule, Public, routeAccessProblems, routeMarksOf } from '@manzil/nest-kit';
import * as auctions from '../services/auctions/src/app.module.js';
import * as auctionsConfig from '../services/auctions/src/config.js';
import * as content from '../services/content/src/app.module.js';
import * as contentConfig from '../services/content/src/config.js';
import * as gateway from '../services/gateway/src/gateway.module.js';
import * as gatewayConfig from '../services/gateway/src/config.js';
import * as identity from '../services/identity/src/app.module.js';
import * as identityConfig from '../services/identity/src/config.js';
import * as listings from '../services/listings/src/app.module.js';
import * as listingsConfig from '../services/listings/src/config.js';
import * as notifications from '../services/notifications/src/app.module.js';
import * as notificationsConfig from '../services/notifications/src/config.js';
import * as payments from '../services/payments/src/app.module.js';
import * as paymentsConfig from '../services/payments/src/config.js';
import * as sandbox from '../services/sandbox/src/app.module.js';
import * as sandboxConfig from '../services/sandbox/src/config.js';
import * as search from '../services/search/src/app.module.js';
import * as searchConfig from '../services/search/src/config.js';

// Configuration that parses; nothing is connected (the modules are only read).
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const env = {
  NODE_ENV: 'test',
  PORT: '1',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  REDIS_URL: 'redis://127.0.0.1:1',
  JWT_JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
  JWT_PRIVATE_KEY: privateKey,
  // payments talks to the sandbox's Stripe (its development keys are refused for Stripe itself)
  STRIPE_API_URL: 'http://127.0.0.1:1',
};

interface ServiceModule {
  forRoot(config: never): DynamicModule;
}
const service = (
  name: string,
  module: { AppModule: ServiceModule },
  config: { envSchema: { parse(value: unknown): unknown } },
) => ({ name, build: () => module.AppModule.forRoot(config.envSchema.parse(env) as never) });

const SERVICES = [
  service('identity', identity, identityConfig),
  service('listings', listings, listingsConfig),
  service('search', search, searchConfig),
  service('auctions', auctions, auctionsConfig),
  service('payments', payments, paymentsConfig),
  service('content', content, contentConfig),
  service('notifications', notifications, notificationsConfig),
  service('sandbox', sandbox, sandboxConfig),
  service('gateway', gateway, gatewayConfig),
];

describe('every endpoint of every service says who may call it', () => {
  it.each(SERVICES.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const controllers = await controllersOf(entry.build());
    const routes = controllers.flatMap((controller) => routeMarksOf(controller).map((mark) => mark.route));
    // The walk reached the service's own controllers, not only the kit's.
    expect(routes).toContain('GET /health');
    if (entry.name !== 'gateway') expect(routes.length).toBeGreaterThan(3);
    expect(routeAccessProblems(controllers)).toEqual([]);
  });

  it('fails on an endpoint with neither @Public() nor roles (the check can fail)', async () => {
    @Controller('v1/things')
    class ThingsController {
      @Get()
      @Public()
      list() {
        return [];
      }

      @Get(':id')
      one() {
        return {};
      }
    }
    @Module({ controllers: [ThingsController] })
    class ThingsModule {}
    const app: DynamicModule = {
      module: class ProbeAppModule {},
      imports: [ManzilKitModule.forRoot({ service: 'probe' }), ThingsModule],
    };
    const controllers: Type[] = await controllersOf(app);
    expect(routeAccessProblems(controllers)).toEqual([
      'GET /v1/things/:id (ThingsController.one): neither @Public() nor @Roles/@Authenticated',
    ]);
  });
});
