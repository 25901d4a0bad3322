import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import type { S3SandboxOptions } from './s3.config.js';
import { S3Middleware } from './s3.middleware.js';
import { S3_OPTIONS, S3Store } from './s3.store.js';

/**
 * A minimal S3-compatible object store (see S3Middleware). Not in the OpenAPI document: it
 * speaks S3's protocol (bare bytes and XML), which AWS's API reference describes.
 */
@Module({})
export class S3SandboxModule implements NestModule {
  static forRoot(options: S3SandboxOptions): DynamicModule {
    return {
      module: S3SandboxModule,
      providers: [{ provide: S3_OPTIONS, useValue: options }, S3Store, S3Middleware],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(S3Middleware).forRoutes('*path');
  }
}
