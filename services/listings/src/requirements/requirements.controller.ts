import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import {
  paginationQuerySchema,
  requirementRequestSchemaFor,
  SITES,
  type PaginationQuery,
  type RequirementRequest,
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
