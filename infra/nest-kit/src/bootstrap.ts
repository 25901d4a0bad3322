import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { setRequestLogger } from './context.middleware.js';
import { createLogger, PinoNestLogger } from './logger.js';

/** Settings shared by the real server and the test app, so tests run what production runs. */
export function configureApp(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.useBodyParser('json', { limit: '1mb' });
  app.enableShutdownHooks();
}

/** Starts a service on `port` with JSON logs, and stops cleanly on SIGTERM/SIGINT. */
export async function startService(
  service: string,
  module: Type | object,
  port: number,
): Promise<INestApplication> {
  const logger = createLogger(service);
  const app = await NestFactory.create<NestExpressApplication>(module as Type, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  configureApp(app);
  setRequestLogger(logger);
  await app.listen(port, '0.0.0.0');
  logger.info({ port }, `${service} listening`);
  return app;
}
