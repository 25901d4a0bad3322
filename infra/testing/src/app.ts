import type { INestApplication, Type } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { configureApp } from '@manzil/nest-kit';

/**
 * Builds a service's real application module (real database, real Redis, real bus) with
 * the same settings as the server, listening on a random port so HTTP is real too.
 */
export async function createTestApp(module: Type | DynamicModule): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({ imports: [module] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: ['error'] });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  return app;
}
