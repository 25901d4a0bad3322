import type { KeyObject } from 'node:crypto';
import {
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import { AuthGuard as PassportAuthGuard, AuthModuleOptions, PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { JSONWebKeySet } from 'jose';
import type { Request } from 'express';
import { siteSchema } from '@manzil/contracts';
import { accessOf, roleAllowed } from './access.js';
import { AppException } from './app.exception.js';
import { currentContext, type AuthUser, type RequestContext } from './context.js';
import { JwtKeys, SigningKeysUnavailable } from './jwt-keys.js';
import { RevocationUnknown, TokenRevocations } from './revocations.js';
import { VerifiedTokens } from './verified-tokens.js';

export { Authenticated, Public, Roles } from './access.js';

export interface KitAuthOptions {
  /** identity's JWKS URL (`JWT_JWKS_URL`), or the key set itself (identity verifies with what it publishes). */
  jwks: string | JSONWebKeySet;
  /** The `iss` and `aud` every token must carry (`JWT_ISSUER`, `JWT_AUDIENCE`: one pair per deployment). */
  issuer: string;
  audience: string;
  /** Redis namespace of the revocation keys (`BUS_NAMESPACE`: identity and the services share it). */
  namespace: string;
  /** How long tokens are still accepted while Redis does not answer (`AUTH_REDIS_GRACE_SECONDS`). */
  redisGraceSeconds: number;
  /** Minimum time between two JWKS fetches caused by an unknown `kid` (default 30 s). */
  jwksCooldownMs?: number;
}

/** The auth options of a service from its validated environment (see `baseEnvSchema`). */
export function authOptionsFrom(config: {
  JWT_JWKS_URL?: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  BUS_NAMESPACE: string;
  AUTH_REDIS_GRACE_SECONDS: number;
}): KitAuthOptions {
  if (!config.JWT_JWKS_URL) throw new Error('JWT_JWKS_URL is required to verify tokens');
  return {
    jwks: config.JWT_JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    namespace: config.BUS_NAMESPACE,
    redisGraceSeconds: config.AUTH_REDIS_GRACE_SECONDS,
  };
}

export const AUTH_SETUP = Symbol('AUTH_SETUP');
export interface AuthSetup {
  /** False where the kit verifies no token (the gateway, the sandbox: every route public). */
  verifies: boolean;
}

interface TokenClaims {
  sub?: unknown;
  role?: unknown;
  site?: unknown;
  companyId?: unknown;
  sid?: unknown;
  tv?: unknown;
  exp?: unknown;
}

const ROLES = new Set<AuthUser['role']>(['user', 'agent', 'company', 'admin']);

/** The account a verified token speaks for, and the token version it carries (0 when absent). */
export function userFromClaims(claims: TokenClaims): { user: AuthUser; version: number } {
  const site = siteSchema.safeParse(claims.site);
  const role = claims.role as AuthUser['role'];
  const version = claims.tv ?? 0;
  if (
    typeof claims.sub !== 'string' ||
    !site.success ||
    !ROLES.has(role) ||
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < 0
  ) {
    throw new AppException('UNAUTHORIZED');
  }
  return {
    user: {
      id: claims.sub,
      role,
      site: site.data,
      companyId: typeof claims.companyId === 'string' ? claims.companyId : undefined,
      sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
    },
    version,
  };
}

let strategyCount = 0;

/**
 * The passport-jwt strategy of one application: RS256 only, the key chosen by the token's
 * `kid` from identity's JWKS, `iss` and `aud` checked by jsonwebtoken, then the revocation
 * check. Registered under a name of its own (tests run several applications in one process,
 * and passport's registry is global) and removed with the application.
 *
 * A token jsonwebtoken has verified is remembered until its `exp` (`VerifiedTokens`: bounded,
 * and only with the key it was verified with): the same client's next request skips the RSA
 * verification and the payload's decoding, not the claims' check nor the revocation check,
 * which run on every request as before. Measured in the auctions README (issue 13).
 */
export class JwtStrategyRegistration implements OnApplicationShutdown {
  readonly name = `manzil-jwt-${++strategyCount}`;

  /** Tokens already verified (exposed for the tests of the cache's bound). */
  readonly verified = new VerifiedTokens<TokenClaims>();

  /** The bearer token of a request, read as passport-jwt reads it. */
  readonly tokenOf = ExtractJwt.fromAuthHeaderAsBearerToken();

  /**
   * The guard's way around passport for a token already verified (`verified`, with the key its
   * `kid` names now): the claims' check and the revocation check, nothing else, as the
   * strategy's `authenticate` below does for such a token, without passport's per-request
   * strategy object, closures and callbacks (issue 13). Undefined when the token is not
   * remembered: the guard then takes passport's whole path. Rejects as `validate` does (a
   * revoked token, revocations unknown).
   */
  readonly remembered: (token: string) => Promise<AuthUser | undefined> | undefined;

  constructor(options: KitAuthOptions, revocations: TokenRevocations) {
    const keys = new JwtKeys(options.jwks, { cooldownMs: options.jwksCooldownMs });
    const verified = this.verified;
    const extract = this.tokenOf;
    this.remembered = (token) => {
      if (!verified.has(token)) return undefined;
      return keys.keyFor(token).then(
        async (key) => {
          const claims = verified.get(token, key);
          if (!claims) return undefined;
          const { user, version } = userFromClaims(claims);
          await revocations.check(user.id, version, user.sessionId);
          return user;
        },
        () => undefined,
      );
    };
    /** The token and key of a request being verified, for `validate` to remember once it passed. */
    const verifying = new WeakMap<Request, { token: string; key: KeyObject }>();
    class ManzilJwtStrategy extends PassportStrategy(Strategy, this.name) {
      constructor() {
        super({
          jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
          // A KeyObject, which jsonwebtoken (9) takes as it is; passport-jwt's types only
          // say string | Buffer, and a PEM would be parsed again on every request.
          secretOrKeyProvider: (
            request: Request,
            token: string,
            done: (error: unknown, key?: string | Buffer) => void,
          ) => {
            keys.keyFor(token).then(
              (key) => {
                verifying.set(request, { token, key });
                done(null, key as unknown as Buffer);
              },
              (error: unknown) => done(error),
            );
          },
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ['RS256'],
          passReqToCallback: true,
        });
      }

      /**
       * A token remembered as verified with the key its `kid` names now goes straight to
       * `validate` (claims, revocation); any other token, or any doubt, takes passport-jwt's
       * whole verification.
       */
      override authenticate(request: Request, authOptions?: unknown): void {
        const token = extract(request);
        if (!token || !verified.has(token)) return super.authenticate(request, authOptions);
        keys.keyFor(token).then(
          (key) => {
            const claims = verified.get(token, key);
            if (!claims) return super.authenticate(request, authOptions);
            // As passport-jwt's own callback: an error is an error, a user a success.
            this.validate(request, claims).then(
              (user) => this.success(user),
              (error: unknown) => this.error(error as Error),
            );
          },
          () => super.authenticate(request, authOptions),
        );
      }

      async validate(request: Request, claims: TokenClaims): Promise<AuthUser> {
        const { user, version } = userFromClaims(claims);
        const checked = verifying.get(request);
        if (checked) {
          verifying.delete(request);
          verified.remember(checked.token, claims, checked.key);
        }
        await revocations.check(user.id, version, user.sessionId);
        return user;
      }
    }
    new ManzilJwtStrategy();
  }

  onApplicationShutdown(): void {
    passport.unuse(this.name);
  }
}

/**
 * Every route is closed unless it says otherwise: `@Public()`, or `@Roles(...)` /
 * `@Authenticated()` (a route with neither stops the boot; see `RouteAccessCheck`). A bearer
 * token, whenever one is sent, goes through passport (the strategy above) and puts the
 * account in the request context, so public routes can still know who asks. A route with
 * roles refuses a request without a valid token (401) or with another role (403). A token of
 * one site is refused on the other site: a UAE account is not a Saudi account.
 */
@Injectable()
export class JwtAuthGuard extends PassportAuthGuard() {
  constructor(
    @Inject(AUTH_SETUP) private readonly setup: AuthSetup,
    @Inject(AuthModuleOptions) options: AuthModuleOptions,
    @Optional() @Inject(JwtStrategyRegistration) private readonly registration?: JwtStrategyRegistration,
  ) {
    super(options);
  }

  /**
   * The account of the request's token: a token the strategy has already verified goes the
   * short way (`JwtStrategyRegistration.remembered`: claims and revocation checked, no
   * passport); any other token through passport (`super.canActivate`). Either way the outcome
   * goes through `handleRequest` and lands in `request.user`, as passport's guard does.
   */
  private async authenticate(
    context: ExecutionContext,
    request: Request,
  ): Promise<AuthUser | null | undefined> {
    const token = this.registration?.tokenOf(request);
    const short = token ? this.registration?.remembered(token) : undefined;
    if (short) {
      let user: AuthUser | null | undefined;
      try {
        user = await short;
      } catch (error) {
        user = this.handleRequest<AuthUser | null>(error, null, undefined, context);
      }
      if (user !== undefined) {
        (request as { user?: unknown }).user = user;
        return user;
      }
    }
    await super.canActivate(context);
    return request.user as AuthUser | null | undefined;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = accessOf(context.getHandler(), context.getClass());
    // Unreachable once the boot check passed; kept so nothing unmarked is ever open.
    if (!access) throw new AppException('FORBIDDEN');
    const request = context.switchToHttp().getRequest<Request>();
    const requestContext = currentContext();
    if (this.setup.verifies && request.headers.authorization?.startsWith('Bearer ')) {
      const user = await this.authenticate(context, request);
      if (user && requestContext) {
        if (user.site !== requestContext.site) throw new AppException('UNAUTHORIZED');
        requestContext.user = user;
      }
    }
    if (access.public) return true;
    const user = requestContext?.user;
    if (!user) throw new AppException('UNAUTHORIZED');
    if (!roleAllowed(access.roles, user.role)) throw new AppException('FORBIDDEN');
    return true;
  }

  /**
   * What passport concluded, as our envelope's statuses. When the token cannot be checked at
   * all (Redis silent past the grace, identity's keys never fetched) a public route goes on as
   * for a visitor and a protected one answers 503: never a 401, which would sign the person out.
   */
  override handleRequest<TUser>(
    error: unknown,
    user: unknown,
    info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error instanceof RevocationUnknown || (!error && info instanceof SigningKeysUnavailable)) {
      if (accessOf(context.getHandler(), context.getClass())?.public) return null as TUser;
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    if (error) throw error;
    if (!user) throw new AppException('UNAUTHORIZED');
    return user as TUser;
  }
}

function requireContext(): RequestContext {
  const context = currentContext();
  if (!context) throw new Error('no request context: is requestContextMiddleware installed?');
  return context;
}

/** The site of the request (ae | sa). */
export const CurrentSite = createParamDecorator(
  (_: unknown, _ctx: ExecutionContext) => requireContext().site,
);
/** The language of the request (en | ar). */
export const CurrentLanguage = createParamDecorator(
  (_: unknown, _ctx: ExecutionContext) => requireContext().language,
);
/** The signed-in account, or undefined. */
export const CurrentUser = createParamDecorator(
  (_: unknown, _ctx: ExecutionContext) => requireContext().user,
);
