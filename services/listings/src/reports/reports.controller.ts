import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import {
  listingReportRequestSchema,
  listingReportsQuerySchema,
  propertyIdParamsSchema,
  unitParamsSchema,
  type ListingReportRequest,
  type ListingReportsQuery,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { ReportsService } from './reports.service.js';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** Spec §6: reporting needs a login (any account but an admin's). */
  @Post('v1/properties/:id/reports')
  @Roles('user', 'agent', 'company')
  report(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(listingReportRequestSchema)) body: ListingReportRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.reports.report(site, user, params.id, body);
  }

  /** A unit of a published project, reported like a listing (spec §7 `units/report`). */
  @Post('v1/projects/:id/units/:unitId/reports')
  @Roles('user', 'agent', 'company')
  reportUnit(
    @Param(new ZodPipe(unitParamsSchema)) params: { id: string; unitId: string },
    @Body(new ZodPipe(listingReportRequestSchema)) body: ListingReportRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.reports.reportUnit(site, user, params.id, params.unitId, body);
  }

  @Get('v1/admin/reports')
  @Roles('admin')
  list(@Query(new ZodPipe(listingReportsQuerySchema)) query: ListingReportsQuery, @CurrentSite() site: Site) {
    return this.reports.list(site, query);
  }
}
