import {
  applyDecorators,
  Body,
  Controller,
  createParamDecorator,
  Get,
  Header,
  Headers,
  Param,
  Post,
  Query,
  Res,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  paginationQuerySchema,
  presentationIdParamsSchema,
  presentationPdfQuerySchema,
  presentationRequestSchema,
  projectPresentationRequestSchema,
  type PaginationQuery,
  type PresentationRequest,
  type ProjectPresentationRequest,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Public, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { nameFromToken } from '../drafts/drafts.controller.js';
import { PresentationsService } from './presentations.service.js';
import { ProjectPresentationsService } from './project-presentations.service.js';
import { ProposalPdfRenderer, projectProposalHtml, proposalHtml } from './proposal-pdf.js';

/** A PDF's request: the proposal's id (path) and the language to print in (query). */
const pdfQuerySchema = presentationIdParamsSchema.extend(presentationPdfQuerySchema.shape);
type PdfQuery = z.infer<typeof pdfQuerySchema>;
const PdfRequest = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  return { ...request.params, ...request.query };
});
const PdfOf = () => PdfRequest(new ZodPipe(pdfQuerySchema));

/** A proposal's PDF: public like its link, never cached by a shared cache. */
const PdfDownload = (path: string) =>
  applyDecorators(
    Get(path),
    Public(),
    Header('Cache-Control', 'private, no-store'),
    Header('X-Content-Type-Options', 'nosniff'),
  );

@Controller()
export class PresentationsController {
  constructor(
    private readonly presentations: PresentationsService,
    private readonly projectPresentations: ProjectPresentationsService,
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
  @PdfDownload('v1/presentations/:id/pdf')
  async download(@PdfOf() pdf: PdfQuery, @CurrentSite() site: Site, @Res() response: Response) {
    const html = proposalHtml(await this.presentations.get(site, pdf.id), pdf.language);
    await this.sendPdf(response, 'property', pdf, html);
  }

  /** The published projects the caller may put in a project proposal (see the service). */
  @Get('v1/agent/proposable-projects')
  @Roles('agent', 'company')
  proposable(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projectPresentations.proposable(site, user, query);
  }

  /** An agent or a company shares projects it may propose (and units of them), with a message. */
  @Post('v1/agent/project-presentations')
  @Roles('agent', 'company')
  createProjects(
    @Body(new ZodPipe(projectPresentationRequestSchema)) body: ProjectPresentationRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization?: string,
  ) {
    return this.projectPresentations.create(site, user, nameFromToken(authorization), body);
  }

  @Get('v1/agent/project-presentations')
  @Roles('agent', 'company')
  mineProjects(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projectPresentations.mine(site, user, query);
  }

  @Get('v1/project-presentations/:id')
  @Public()
  getProjects(
    @Param(new ZodPipe(presentationIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
  ) {
    return this.projectPresentations.get(site, params.id);
  }

  /** The project proposal as a PDF, printed like the property proposal's. */
  @PdfDownload('v1/project-presentations/:id/pdf')
  async downloadProjects(@PdfOf() pdf: PdfQuery, @CurrentSite() site: Site, @Res() response: Response) {
    const html = projectProposalHtml(await this.projectPresentations.get(site, pdf.id), pdf.language);
    await this.sendPdf(response, 'project', pdf, html);
  }

  /** Prints the page and sends it as `<kind>-proposal-<id's first 8>-<language>.pdf`. */
  private async sendPdf(response: Response, kind: 'property' | 'project', pdf: PdfQuery, html: string) {
    const file = await this.pdf.render(html);
    response
      .type('application/pdf')
      .attachment(`${kind}-proposal-${pdf.id.slice(0, 8)}-${pdf.language}.pdf`)
      .send(file);
  }
}
