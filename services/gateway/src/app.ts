import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LoggerService } from '@nestjs/common';
import type { GatewayConfig } from './config.js';
import { AppModule } from './gateway.module.js';

/**
 * The gateway application, used by the server and the tests alike. Unlike the services it
 * parses no request body: bodies stream to the upstream untouched (uploads included).
 */
export async function createGatewayApp(
  config: GatewayConfig,
  logger?: LoggerService | false,
): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: logger ?? ['error', 'warn'],
  });
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy(config.TRUST_PROXY));
  app.enableShutdownHooks();
  return app;
}

/** "true"/"false", a hop count, or express's names and CIDRs ("loopback", "10.0.0.0/8"). */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
