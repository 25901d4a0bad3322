import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  moderationQueueQuerySchema,
  paginationQuerySchema,
  propertyIdParamsSchema,
  propertyRejectRequestSchema,
  type ModerationQueueQuery,
  type PaginationQuery,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { actorOf } from '../drafts/audit.js';
import { ApproveProperty } from './approve-property.js';
import { ModerationService } from './moderation.service.js';
import { RejectProperty } from './reject-property.js';

@Controller('v1/admin/properties')
@Roles('admin')
export class ApprovalController {
  constructor(
    private readonly approveProperty: ApproveProperty,
    private readonly rejectProperty: RejectProperty,
    private readonly moderation: ModerationService,
  ) {}

  @Get()
  queue(
    @Query(new ZodPipe(moderationQueueQuerySchema)) query: ModerationQueueQuery,
    @CurrentSite() site: Site,
  ) {
    return this.moderation.queue(site, query);
  }

  @Get(':id')
  get(@Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string }, @CurrentSite() site: Site) {
    return this.moderation.get(site, params.id);
  }

  @Get(':id/history')
  history(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
  ) {
    return this.moderation.history(site, params.id, query.page, query.limit);
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.approveProperty.execute({ site, propertyId: params.id, actor: actorOf(user) });
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(propertyRejectRequestSchema)) body: { reason: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.rejectProperty.execute({ user, site, propertyId: params.id, reason: body.reason });
  }
}
