import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  myPropertiesQuerySchema,
  propertyCreateSchemaFor,
  propertyDocumentRequestSchema,
  propertyFieldsSchema,
  propertyIdParamsSchema,
  propertyStateRequestSchema,
  propertyUpdateSchemaFor,
  SITES,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import type { z } from 'zod';
import { AttachDocument } from './attach-document.js';
import { CreateDraft } from './create-draft.js';
import { DiscardDraft } from './discard-draft.js';
import { DraftsService } from './drafts.service.js';
import { MarkSold, SetActive } from './market-state.js';
import { SubmitProperty } from './submit-property.js';
import { UpdateDraft } from './update-draft.js';

/** The request schemas depend on the site (map bounds, Saudi fields): one pipe per site. */
const createPipes = Object.fromEntries(
  SITES.map((site) => [site, new ZodPipe(propertyCreateSchemaFor(site))]),
);
const updatePipes = Object.fromEntries(
  SITES.map((site) => [site, new ZodPipe(propertyUpdateSchemaFor(site))]),
);

/**
 * The name the account's token carries (identity signs `name`/`firstName`); the guard has
 * verified the token already. Listings learns no names from identity's events (see README).
 */
export function nameFromToken(authorization: string | undefined): string | null {
  const payload = authorization?.split(' ')[1]?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const name = claims.name ?? claims.firstName;
    return typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : null;
  } catch {
    return null;
  }
}

/** An agent's or a company's own listings: drafts, documents, submission, sold, active. */
@Controller()
@Roles('agent', 'company')
export class DraftsController {
  constructor(
    private readonly createDraft: CreateDraft,
    private readonly updateDraft: UpdateDraft,
    private readonly attachDocument: AttachDocument,
    private readonly submitProperty: SubmitProperty,
    private readonly markSold: MarkSold,
    private readonly setActive: SetActive,
    private readonly drafts: DraftsService,
    private readonly discardDraft: DiscardDraft,
  ) {}

  @Post('v1/properties')
  @HttpCode(201)
  create(
    @Body() body: unknown,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization?: string,
  ) {
    const fields = createPipes[site].transform(body) as z.infer<ReturnType<typeof propertyCreateSchemaFor>>;
    return this.createDraft.execute({ user, site, fields, agentName: nameFromToken(authorization) });
  }

  @Patch('v1/properties/:id')
  update(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body() body: unknown,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    const patch = updatePipes[site].transform(body) as z.infer<ReturnType<typeof propertyUpdateSchemaFor>>;
    // The fields sent, as the schema knows them: a blank one clears, an unknown key is ignored.
    const sent = Object.fromEntries(
      Object.entries(typeof body === 'object' && body !== null ? body : {}).filter(
        ([key]) => key in propertyFieldsSchema.shape,
      ),
    );
    return this.updateDraft.execute({ user, site, propertyId: params.id, patch, sent });
  }

  @Delete('v1/properties/:id')
  discard(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.discardDraft.execute({ user, site, propertyId: params.id });
  }

  @Post('v1/properties/:id/documents')
  @HttpCode(201)
  attach(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(propertyDocumentRequestSchema)) document: z.infer<typeof propertyDocumentRequestSchema>,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.attachDocument.execute({ user, site, propertyId: params.id, document });
  }

  @Post('v1/properties/:id/submit')
  @HttpCode(200)
  submit(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.submitProperty.execute({ user, site, propertyId: params.id });
  }

  @Post('v1/properties/:id/sold')
  @HttpCode(200)
  sold(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.markSold.execute({ user, site, propertyId: params.id });
  }

  @Post('v1/properties/:id/state')
  @HttpCode(200)
  state(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(propertyStateRequestSchema)) body: { active: boolean },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.setActive.execute({ user, site, propertyId: params.id, active: body.active });
  }

  @Get('v1/owner/properties')
  mine(
    @Query(new ZodPipe(myPropertiesQuerySchema)) query: z.infer<typeof myPropertiesQuerySchema>,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.drafts.mine(user, site, query);
  }

  @Get('v1/owner/properties/:id')
  one(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.drafts.one(user, site, params.id);
  }
}
