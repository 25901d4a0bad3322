import { Controller, Get, type INestApplication, Module, type DynamicModule } from '@nestjs/common';
import { Authenticated, CurrentUser, ManzilKitModule, type AuthUser } from '@manzil/nest-kit';
import { createTestApp } from './app.js';
import { testRedisUrl } from './database.js';
import { TEST_AUDIENCE, TEST_ISSUER } from './tokens.js';

@Controller('v1/probe')
class ProbeController {
  /** The account the guard let in. */
  @Get('me')
  @Authenticated()
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }
}

@Module({})
class ProbeServiceModule {
  static forRoot(options: ProbeServiceOptions): DynamicModule {
    return {
      module: ProbeServiceModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'probe',
          auth: {
            jwks: options.jwksUrl,
            issuer: TEST_ISSUER,
            audience: TEST_AUDIENCE,
            namespace: options.namespace,
            redisGraceSeconds: 30,
            jwksCooldownMs: options.jwksCooldownMs,
          },
          redisUrl: testRedisUrl(),
        }),
      ],
      controllers: [ProbeController],
    };
  }
}

export interface ProbeServiceOptions {
  /** identity's JWKS (its `/.well-known/jwks.json` on the test app's port). */
  jwksUrl: string;
  /** The Redis namespace identity publishes revocations in (its BUS_NAMESPACE). */
  namespace: string;
  /** Minimum time between JWKS fetches on an unknown kid (default nest-kit's 30 s). */
  jwksCooldownMs?: number;
}

/**
 * "Another service": a separate application with nothing but nest-kit's guard (passport-jwt,
 * identity's JWKS over HTTP, the shared revocations in Redis) and one `@Authenticated()`
 * route, `GET /v1/probe/me`. What it refuses, every service refuses.
 */
export async function startProbeService(options: ProbeServiceOptions): Promise<INestApplication> {
  return createTestApp(ProbeServiceModule.forRoot(options));
}
