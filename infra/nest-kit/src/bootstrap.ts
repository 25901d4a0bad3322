import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureApp } from './app-settings.js';
import { setRequestLogger } from './context.middleware.js';
import { connectEventTransport } from './events/connect-event-transport.js';
import { createLogger, drainLogs, PinoNestLogger } from './logger.js';

/**
 * Starts a service on `port` with JSON logs, and stops cleanly on SIGTERM/SIGINT. A service
 * with BusModule also consumes its `@EventPattern` handlers' events (a hybrid app: the bus
 * transport starts after the app's init hooks and before HTTP listens).
 */
export async function startService(
  service: string,
  module: Type | object,
  port: number,
): Promise<INestApplication> {
  // A line per request, written in blocks (logger.ts, `buffered`: ~5 % of a request's CPU in
  // the gateway, issue 13). Nest ends the process by re-raising SIGTERM after its shutdown hooks,
  // which fires no exit handler: the signal drains what is waiting first, and every line after
  // it is written at once.
  const logger = createLogger(service, undefined, { buffered: true });
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.prependOnceListener(signal, () => drainLogs(logger));
  const app = await NestFactory.create<NestExpressApplication>(module as Type, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    // The exact bytes stay on request.rawBody: signed webhooks (Stripe) are verified over them.
    rawBody: true,
  });
  configureApp(app);
  setRequestLogger(logger);
  connectEventTransport(app);
  await app.init();
  await app.startAllMicroservices();
  await app.listen(port, '0.0.0.0');
  logger.info({ port }, `${service} listening`);
  return app;
}
