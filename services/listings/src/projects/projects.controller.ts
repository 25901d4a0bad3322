import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  ownedProjectListQuerySchema,
  projectCreateSchema,
  projectIdParamsSchema,
  projectListQuerySchema,
  projectSlugParamsSchema,
  projectUpdateSchema,
  unitCreateSchema,
  unitParamsSchema,
  unitUpdateSchema,
  type OwnedProjectListQuery,
  type ProjectCreateRequest,
  type ProjectListQuery,
  type ProjectUpdateRequest,
  type Site,
  type UnitCreateRequest,
  type UnitUpdateRequest,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Public, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import type { UploadedPart } from '../media/multipart.js';
import { BrochureUploadInterceptor } from './brochure-upload.interceptor.js';
import { FloorPlanUploadInterceptor } from './floor-plan-upload.interceptor.js';
import { ProjectsService } from './projects.service.js';

/** Projects and units: companies (their own) and admins (the site's) write; anyone reads published ones. */
@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get('v1/projects')
  @Public()
  list(@Query(new ZodPipe(projectListQuerySchema)) query: ProjectListQuery, @CurrentSite() site: Site) {
    return this.projects.listPublic(site, query);
  }

  @Get('v1/projects/:slug')
  @Public()
  detail(@Param(new ZodPipe(projectSlugParamsSchema)) params: { slug: string }, @CurrentSite() site: Site) {
    return this.projects.detailPublic(site, params.slug);
  }

  /** The brochure PDF of a published project (the file, not the envelope). */
  @Get('v1/projects/:id/brochure')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @Header('X-Content-Type-Options', 'nosniff')
  async brochure(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.projects.brochure(site, params.id);
    response.type('application/pdf').attachment(file.fileName).send(file.body);
  }

  @Post('v1/projects')
  @Roles('company', 'admin')
  @HttpCode(201)
  create(
    @Body(new ZodPipe(projectCreateSchema)) body: ProjectCreateRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.create(user, site, body);
  }

  @Patch('v1/projects/:id')
  @Roles('company', 'admin')
  update(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(projectUpdateSchema)) body: ProjectUpdateRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.update(user, site, params.id, body);
  }

  @Post('v1/projects/:id/publish')
  @Roles('company', 'admin')
  @HttpCode(200)
  publish(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.publish(user, site, params.id);
  }

  /** Admins of the site only: a published project goes back to draft (`project.unpublished`). */
  @Post('v1/projects/:id/unpublish')
  @Roles('admin')
  @HttpCode(200)
  unpublish(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.unpublish(user, site, params.id);
  }

  @Post('v1/projects/:id/units')
  @Roles('company', 'admin')
  @HttpCode(201)
  addUnit(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(unitCreateSchema)) body: UnitCreateRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.addUnit(user, site, params.id, body);
  }

  @Patch('v1/projects/:id/units/:unitId')
  @Roles('company', 'admin')
  updateUnit(
    @Param(new ZodPipe(unitParamsSchema)) params: z.infer<typeof unitParamsSchema>,
    @Body(new ZodPipe(unitUpdateSchema)) body: UnitUpdateRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.updateUnit(user, site, params.id, params.unitId, body);
  }

  /** Multipart `file`: the brochure, a PDF by its content, under 10 MB. */
  @Post('v1/projects/:id/brochure')
  @Roles('company', 'admin')
  @HttpCode(201)
  @UseInterceptors(BrochureUploadInterceptor)
  uploadBrochure(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @UploadedFile() file: UploadedPart | undefined,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.uploadBrochure(user, site, params.id, file);
  }

  /** Multipart `file`: a unit's floor plan, a jpeg or PDF by its content, under 2 MB. */
  @Post('v1/projects/:id/units/:unitId/floor-plan')
  @Roles('company', 'admin')
  @HttpCode(201)
  @UseInterceptors(FloorPlanUploadInterceptor)
  uploadFloorPlan(
    @Param(new ZodPipe(unitParamsSchema)) params: z.infer<typeof unitParamsSchema>,
    @UploadedFile() file: UploadedPart | undefined,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.uploadFloorPlan(user, site, params.id, params.unitId, file);
  }

  /** The floor plan file of a unit of a published project (not the envelope). */
  @Get('v1/projects/:id/units/:unitId/floor-plan')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @Header('X-Content-Type-Options', 'nosniff')
  async floorPlan(
    @Param(new ZodPipe(unitParamsSchema)) params: z.infer<typeof unitParamsSchema>,
    @CurrentSite() site: Site,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.projects.floorPlan(site, params.id, params.unitId);
    response.type(file.contentType).attachment(file.fileName).send(file.body);
  }

  @Get('v1/owner/projects')
  @Roles('company', 'admin')
  listOwned(
    @Query(new ZodPipe(ownedProjectListQuerySchema)) query: OwnedProjectListQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.listOwned(user, site, query);
  }

  @Get('v1/owner/projects/:id')
  @Roles('company', 'admin')
  readOwned(
    @Param(new ZodPipe(projectIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.projects.readOwned(user, site, params.id);
  }
}
