import { Controller, Get, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  deadOutboxRowSchema,
  OUTBOX_ADMIN_API,
  pageSchema,
  paginationQuerySchema,
  type DeadOutboxRowDto,
  type Page,
  type PaginationQuery,
  type Site,
} from '@manzil/contracts';
import { listDeadOutbox } from '@manzil/bus';
import { CurrentSite, Roles } from './auth.js';
import type { RouteDoc } from './openapi.js';
import { ZodPipe } from './zod.pipe.js';

/**
 * The outbox rows this service's relay parked (BusModule adds it to every service with an
 * outbox). An admin sees the events of their own site; replaying is an operator's command
 * (`node dist/cli.js outbox:replay`), not an endpoint.
 */
@Controller()
export class OutboxAdminController {
  constructor(private readonly dataSource: DataSource) {}

  @Get(OUTBOX_ADMIN_API.dead)
  @Roles('admin')
  async dead(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
  ): Promise<Page<DeadOutboxRowDto>> {
    const { items, total } = await listDeadOutbox(this.dataSource, { ...query, site });
    return {
      items: items.map((row) => ({
        ...row,
        createdAt: new Date(row.createdAt).toISOString(),
        deadAt: new Date(row.deadAt).toISOString(),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}

/** The OpenAPI description of the endpoints BusModule adds: list them in the service's ROUTES. */
export const outboxAdminRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: OUTBOX_ADMIN_API.dead,
    summary: 'Outbox events parked after the bus refused them (events of the site), oldest first',
    query: paginationQuerySchema,
    results: pageSchema(deadOutboxRowSchema),
    roles: ['admin'],
  },
];
