import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import type { Response } from 'express';
import { createRequire } from 'node:module';
import { ModuleRef } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Public } from './access.js';
import { AppException } from './app.exception.js';
import { OPENAPI_DOCUMENT, REDIS } from './tokens.js';
import type { OpenApiDocument } from './openapi.js';

/**
 * TypeORM's DataSource class, the token of a service's database, taken when /ready is asked,
 * not when the kit is loaded: the gateway has no database, and importing typeorm (about 300
 * modules) would be on its way to healthy.
 */
const dataSourceToken = () =>
  (createRequire(import.meta.url)('typeorm') as typeof import('typeorm')).DataSource;

/** Liveness, readiness (the service's database and Redis answer) and the OpenAPI document. */
@Controller()
@Public()
export class HealthController {
  constructor(
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(OPENAPI_DOCUMENT) private readonly openapi?: OpenApiDocument,
  ) {}

  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    const checks: Record<string, string> = {};
    const dataSource = this.optional<DataSource>(dataSourceToken());
    const redis = this.optional<Redis>(REDIS);
    try {
      if (dataSource) {
        await dataSource.query('select 1');
        checks.database = 'ok';
      }
      if (redis) {
        await redis.ping();
        checks.redis = 'ok';
      }
    } catch {
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    return checks;
  }

  /** Sent as is, not in the envelope: tools read it directly. */
  @Get('openapi.json')
  document(@Res() response: Response) {
    response.json(this.openapi ?? {});
  }

  private optional<T>(token: unknown): T | undefined {
    try {
      return this.moduleRef.get<T>(token as string, { strict: false });
    } catch {
      return undefined;
    }
  }
}
