import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  paginationQuerySchema,
  requirementIdParamsSchema,
  requirementRequestSchemaFor,
  requirementStatusRequestSchema,
  SITES,
  type PaginationQuery,
  type RequirementRequest,
  type RequirementStatusRequest,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { RequirementsService } from './requirements.service.js';

const requestPipes = Object.fromEntries(
  SITES.map((site) => [site, new ZodPipe(requirementRequestSchemaFor(site))]),
) as Record<Site, ZodPipe<ReturnType<typeof requirementRequestSchemaFor>>>;

@Controller()
export class RequirementsController {
  constructor(private readonly requirements: RequirementsService) {}

  /** Spec §2 "request property": a customer (the individual/corporate choice on `sa` only). */
  @Post('v1/requirements')
  @Roles('user')
  create(@Body() body: unknown, @CurrentSite() site: Site, @CurrentUser() user: AuthUser) {
    const request = requestPipes[site].transform(body) as RequirementRequest;
    return this.requirements.create(site, user, request);
  }

  @Get('v1/requirements/mine')
  @Roles('user')
  mine(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.requirements.mine(site, user, query);
  }

  /** The customer closes their requirement (agents stop seeing it) or opens it again. */
  @Post('v1/requirements/:id/status')
  @HttpCode(200)
  @Roles('user')
  setStatus(
    @Param(new ZodPipe(requirementIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(requirementStatusRequestSchema)) body: RequirementStatusRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.requirements.setStatus(site, user, params.id, body.status);
  }

  @Delete('v1/requirements/:id')
  @Roles('user')
  remove(
    @Param(new ZodPipe(requirementIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.requirements.remove(site, user, params.id);
  }

  @Get('v1/agent/requirements')
  @Roles('agent', 'company')
  matching(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.requirements.matching(site, user, query);
  }
}
