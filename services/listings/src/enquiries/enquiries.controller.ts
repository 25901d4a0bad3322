import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  enquiriesQuerySchema,
  enquiryRequestSchema,
  propertyIdParamsSchema,
  type EnquiriesQuery,
  type EnquiryRequest,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Public, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { EnquiriesService } from './enquiries.service.js';

export const enquiryIdParamsSchema = z.object({ id: z.uuid() });

@Controller()
export class EnquiriesController {
  constructor(private readonly enquiries: EnquiriesService) {}

  /** Spec §6: enquiring needs a login; customers enquire (agents and companies list, not ask). */
  @Post('v1/properties/:id/enquiries')
  @Roles('user')
  send(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(enquiryRequestSchema)) body: EnquiryRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.enquiries.send(site, user, params.id, body);
  }

  @Get('v1/properties/:id/agent-response')
  @Public()
  agentResponse(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
  ) {
    return this.enquiries.agentResponse(site, params.id);
  }

  @Get('v1/agent/enquiries')
  @Roles('agent', 'company')
  list(
    @Query(new ZodPipe(enquiriesQuerySchema)) query: EnquiriesQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.enquiries.list(site, user, query);
  }

  @Post('v1/agent/enquiries/:id/responded')
  @Roles('agent', 'company')
  responded(
    @Param(new ZodPipe(enquiryIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.enquiries.responded(site, user, params.id);
  }
}
