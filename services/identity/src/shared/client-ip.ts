import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The client's IP: Express's `req.ip`, which believes X-Forwarded-For only from TRUST_PROXY (the gateway). */
export const ClientIp = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<Request>().ip ?? 'unknown',
);
