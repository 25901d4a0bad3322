import { type LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentContext } from './context.js';

export interface LogOptions {
  /**
   * Lines gathered and written to stdout in blocks (`BLOCK_BYTES`, or whatever is waiting every
   * `BLOCK_MS`) instead of one `write` per line. For a process whose every request writes a
   * line (the gateway: the write was ~5 % of its CPU per proxied request, issue 13). A line
   * then appears up to BLOCK_MS late; what is waiting is written at exit and by `drainLogs`
   * (call it in the last shutdown hook: Nest ends a process by re-raising SIGTERM, which fires
   * no exit handler). A SIGKILL loses up to BLOCK_MS of lines.
   */
  buffered?: boolean;
}

const BLOCK_BYTES = 4096;
const BLOCK_MS = 100;

/** sonic-boom's destination; `minLength` is a plain field its writes read (untyped). */
type Destination = ReturnType<typeof pino.destination> & { minLength: number };
const buffers = new WeakMap<Logger, Destination>();

/**
 * JSON logs with the service name and, inside a request, its request id and site, so a
 * request can be followed across the gateway, the services and the events it caused.
 */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  options: LogOptions = {},
): Logger {
  const settings = {
    name: service,
    level,
    mixin() {
      const context = currentContext();
      return context ? { requestId: context.requestId, site: context.site } : {};
    },
  };
  if (!options.buffered) return pino(settings);
  const destination = pino.destination({
    dest: 1,
    sync: true,
    minLength: BLOCK_BYTES,
    periodicFlush: BLOCK_MS,
  }) as Destination;
  process.once('exit', () => destination.flushSync());
  const logger = pino(settings, destination);
  buffers.set(logger, destination);
  return logger;
}

/** Writes what a buffered logger holds, and every line after this one at once. */
export function drainLogs(logger: Logger): void {
  const destination = buffers.get(logger);
  if (!destination) return;
  destination.minLength = 0;
  destination.flushSync();
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
