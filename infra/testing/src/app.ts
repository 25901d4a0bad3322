import type { INestApplication, Type } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { configureApp, connectEventTransport } from '@manzil/nest-kit';

/**
 * Builds a service's real application module (real database, real Redis, real bus) with
 * the same settings as the server, listening on a random port (or `port`, to start a service
 * again where its clients expect it) so HTTP is real too. Its `@EventPattern` handlers consume
 * the bus through the same transport as in production.
 */
export async function createTestApp(module: Type | DynamicModule, port = 0): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, rawBody: true, logger: ['error'] });
  configureApp(app);
  connectEventTransport(app);
  await app.init();
  await app.startAllMicroservices();
  await app.listen(port, '127.0.0.1');
  return app;
}
