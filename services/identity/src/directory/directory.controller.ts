import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  agentIdParamsSchema,
  directoryQuerySchema,
  directorySlugParamsSchema,
  paginationQuerySchema,
  type DirectoryQuery,
  type PaginationQuery,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { DirectoryService } from './directory.service.js';

/** The public agent and company directory (`DIRECTORY_API` in contracts): read-only, no login. */
@Controller('v1/directory')
@Public()
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('agents')
  agents(@CurrentSite() site: Site, @Query(new ZodPipe(directoryQuerySchema)) query: DirectoryQuery) {
    return this.directory.agents(site, query);
  }

  @Get('agents/by-id/:id')
  agentById(@CurrentSite() site: Site, @Param(new ZodPipe(agentIdParamsSchema)) params: { id: string }) {
    return this.directory.agentById(site, params.id);
  }

  @Get('agents/:slug')
  agent(@CurrentSite() site: Site, @Param(new ZodPipe(directorySlugParamsSchema)) params: { slug: string }) {
    return this.directory.agent(site, params.slug);
  }

  @Get('companies')
  companies(@CurrentSite() site: Site, @Query(new ZodPipe(directoryQuerySchema)) query: DirectoryQuery) {
    return this.directory.companies(site, query);
  }

  @Get('companies/:slug')
  company(
    @CurrentSite() site: Site,
    @Param(new ZodPipe(directorySlugParamsSchema)) params: { slug: string },
  ) {
    return this.directory.company(site, params.slug);
  }

  @Get('companies/:slug/agents')
  companyAgents(
    @CurrentSite() site: Site,
    @Param(new ZodPipe(directorySlugParamsSchema)) params: { slug: string },
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
  ) {
    return this.directory.companyAgents(site, params.slug, query);
  }
}
