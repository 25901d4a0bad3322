import { type LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentContext } from './context.js';

/**
 * JSON logs with the service name and, inside a request, its request id and site, so a
 * request can be followed across the gateway, the services and the events it caused.
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    mixin() {
      const context = currentContext();
      return context ? { requestId: context.requestId, site: context.site } : {};
    },
  });
}

/** Nest's logger interface on top of pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (typeof message === 'object' && message !== null) this.logger.info({ ...message, context });
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    // An Error's message and stack are not enumerable: spread, it would log nothing at all
    // (Nest's ExceptionHandler hands the boot failure over as the Error itself).
    if (message instanceof Error)
      this.logger.error({ err: message, context: context ?? trace }, message.message);
    else if (typeof message === 'object' && message !== null)
      this.logger.error({ ...message, context, trace });
    else this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    if (typeof message === 'object' && message !== null) this.logger.warn({ ...message, context });
    else this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
