import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import type { Request } from 'express';
import { siteSchema } from '@manzil/contracts';
import { AppException } from './app.exception.js';
import { currentContext, type AuthUser, type RequestContext } from './context.js';

export const JWT_PUBLIC_KEY = Symbol('JWT_PUBLIC_KEY');
const ROLES = 'manzil:roles';
const ROLES_ANY = 'any';

/** Only these roles may call the handler (or any handler of the controller). */
export const Roles = (...roles: AuthUser['role'][]) => SetMetadata(ROLES, roles);
/** Any signed-in account may call the handler. */
export const Authenticated = () => SetMetadata(ROLES, [ROLES_ANY]);

/**
 * Reads the bearer token when one is sent (RS256, key from the environment) and puts the
 * account in the request context. A handler marked `@Roles`/`@Authenticated` refuses a
 * request without one (401) or with another role (403). A token of one site is refused on
 * the other site: a UAE account is not a Saudi account.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private key?: Promise<CryptoKey>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(JWT_PUBLIC_KEY) private readonly publicKeyPem: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    const requestContext = currentContext();
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const user = await this.verify(authorization.slice(7));
      if (requestContext) {
        if (user.site !== requestContext.site) throw new AppException('UNAUTHORIZED');
        requestContext.user = user;
      }
    }
    if (!roles) return true;
    const user = requestContext?.user;
    if (!user) throw new AppException('UNAUTHORIZED');
    if (!roles.includes(ROLES_ANY) && !roles.includes(user.role)) throw new AppException('FORBIDDEN');
    return true;
  }

  private async verify(token: string): Promise<AuthUser> {
    this.key ??= importSPKI(this.publicKeyPem, 'RS256');
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['RS256'] });
      const role = payload.role;
      const site = siteSchema.safeParse(payload.site);
      if (typeof payload.sub !== 'string' || !site.success) throw new Error('claims');
      if (role !== 'user' && role !== 'agent' && role !== 'company' && role !== 'admin')
        throw new Error('role');
      return {
        id: payload.sub,
        role,
        site: site.data,
        companyId: typeof payload.companyId === 'string' ? payload.companyId : undefined,
      };
    } catch {
      throw new AppException('UNAUTHORIZED');
    }
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
