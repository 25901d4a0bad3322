import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  projectListQuerySchema,
  projectSlugParamsSchema,
  type ProjectListQuery,
  type Site,
} from '@manzil/contracts';
import { AppException, CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { ProjectReadStore } from './project-read.store.js';

/** New projects of the site (the customer's /new-real-estate-projects and /project/:slug). */
@Controller('v1')
export class ProjectsController {
  constructor(private readonly store: ProjectReadStore) {}

  @Get('projects')
  @Public()
  list(@Query(new ZodPipe(projectListQuerySchema)) query: ProjectListQuery, @CurrentSite() site: Site) {
    return this.store.list(site, query);
  }

  @Get('projects/:slug')
  @Public()
  async detail(
    @Param(new ZodPipe(projectSlugParamsSchema)) params: { slug: string },
    @CurrentSite() site: Site,
  ) {
    const project = await this.store.detail(site, params.slug);
    if (!project) throw new AppException('NO_DATA_FOUND');
    return project;
  }
}
