import { Body, Controller, Get, Header, Headers, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  paginationQuerySchema,
  presentationIdParamsSchema,
  presentationPdfQuerySchema,
  presentationRequestSchema,
  type PaginationQuery,
  type PresentationRequest,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Public, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { nameFromToken } from '../drafts/drafts.controller.js';
import { PresentationsService } from './presentations.service.js';
import { ProposalPdfRenderer, proposalHtml } from './proposal-pdf.js';

@Controller()
export class PresentationsController {
  constructor(
    private readonly presentations: PresentationsService,
    private readonly pdf: ProposalPdfRenderer,
  ) {}

  /** An agent shares their own listings (a company shares through its agents' accounts). */
  @Post('v1/agent/presentations')
  @Roles('agent')
  create(
    @Body(new ZodPipe(presentationRequestSchema)) body: PresentationRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization?: string,
  ) {
    return this.presentations.create(site, user, nameFromToken(authorization), body);
  }

  @Get('v1/agent/presentations')
  @Roles('agent')
  mine(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.presentations.mine(site, user, query);
  }

  /** The share link: whoever has it (logged in or not). */
  @Get('v1/presentations/:id')
  @Public()
  get(@Param(new ZodPipe(presentationIdParamsSchema)) params: { id: string }, @CurrentSite() site: Site) {
    return this.presentations.get(site, params.id);
  }

  /** The same proposal as a PDF, printed by Chromium in the language asked. */
  @Get('v1/presentations/:id/pdf')
  @Public()
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async download(
    @Param(new ZodPipe(presentationIdParamsSchema)) params: { id: string },
    @Query(new ZodPipe(presentationPdfQuerySchema)) query: { language: 'en' | 'ar' },
    @CurrentSite() site: Site,
    @Res() response: Response,
  ): Promise<void> {
    const presentation = await this.presentations.get(site, params.id);
    const pdf = await this.pdf.render(proposalHtml(presentation, query.language));
    response
      .type('application/pdf')
      .attachment(`property-proposal-${presentation.id.slice(0, 8)}-${query.language}.pdf`)
      .send(pdf);
  }
}
