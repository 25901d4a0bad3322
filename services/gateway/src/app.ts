import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { answerClientError } from '@manzil/nest-kit/http';
import type { LoggerService } from '@nestjs/common';
import type { GatewayConfig } from './config.js';
import { ApiRoute, routeProxiedRequests } from './api-route.js';
import { AppModule } from './gateway.module.js';

/**
 * The gateway application, used by the server and the tests alike. Unlike the services it
 * parses no request body: bodies stream to the upstream untouched (uploads included).
 */
export async function createGatewayApp(
  config: GatewayConfig,
  logger?: LoggerService | false,
  /** Run by the last shutdown hook (the server's buffered logs are written there). */
  onShutdown?: () => void,
): Promise<INestApplication> {
  const apiRoute = new ApiRoute();
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, onShutdown, apiRoute),
    {
      bodyParser: false,
      logger: logger ?? ['error', 'warn'],
    },
  );
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  // A request Node refuses itself (over 16 KB of headers, malformed) gets the envelope too.
  app.getHttpServer().on('clientError', answerClientError);
  routeProxiedRequests(app.getHttpServer(), app.getHttpAdapter().getInstance(), apiRoute);
  return app;
}
