import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  agentStatusUpdateSchema,
  createAgentSchema,
  paginationQuerySchema,
  updateAgentSchema,
  type Language,
  type Page,
  type PaginationQuery,
  type Site,
} from '@manzil/contracts';
import {
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  Public,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { Inject } from '@nestjs/common';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { pictureOf } from '../accounts/account-profile.js';
import { CompanyAgentsService } from './company-agents.service.js';

/** /myAgents and /addAgent: a company manages its own agents, nobody else's. */
@Controller('v1/agents')
@Roles('company')
export class AgentsController {
  constructor(private readonly agents: CompanyAgentsService) {}

  @Get()
  list(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
  ) {
    return this.agents.list(site, user.id, query.page, query.limit);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @Body(new ZodPipe(createAgentSchema)) body: z.infer<typeof createAgentSchema>,
  ) {
    return this.agents.create(site, user.id, language, body);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @CurrentSite() site: Site, @Param('id') id: string) {
    return this.agents.get(site, user.id, id);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @Param('id') id: string,
    @Body(new ZodPipe(updateAgentSchema)) body: z.infer<typeof updateAgentSchema>,
  ) {
    return this.agents.update(site, user.id, id, language, body);
  }

  @Patch(':id/status')
  status(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @Param('id') id: string,
    @Body(new ZodPipe(agentStatusUpdateSchema)) body: z.infer<typeof agentStatusUpdateSchema>,
  ) {
    return this.agents.setStatus(site, user.id, id, body.status);
  }

  @Delete(':id')
  async remove(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @Param('id') id: string,
  ): Promise<null> {
    await this.agents.remove(site, user.id, id);
    return null;
  }
}

/** The companies an agent can pick when registering (public). */
@Controller('v1/companies')
export class CompaniesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Get()
  @Public()
  async list(
    @CurrentSite() site: Site,
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
  ): Promise<Page<{ id: string; name: string; logo: string | null }>> {
    const [companies, total] = await this.dataSource.getRepository(Account).findAndCount({
      where: { site, role: 'company', status: 'active', verified: true },
      order: { name: 'ASC', id: 'ASC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return {
      items: companies.map((company) => ({
        id: company.id,
        name: company.name,
        logo: pictureOf(company, this.config.PUBLIC_PATH),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}
