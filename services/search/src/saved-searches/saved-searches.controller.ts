import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createSavedSearchRequestSchema,
  savedSearchesQuerySchema,
  savedSearchParamsSchema,
  updateSavedSearchRequestSchema,
  type CreateSavedSearchRequest,
  type SavedSearchesQuery,
  type Site,
  type UpdateSavedSearchRequest,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { SavedSearchesService } from './saved-searches.service.js';

/**
 * A customer's saved searches (issue 14 item 8). Every signed-in role reaches the service so
 * agents, companies and admins get the clear 403 `SAVED_SEARCH_CUSTOMERS_ONLY`, not a bare one.
 */
@Controller('v1/saved-searches')
export class SavedSearchesController {
  constructor(private readonly savedSearches: SavedSearchesService) {}

  @Get()
  @Roles('user', 'agent', 'company', 'admin')
  list(
    @Query(new ZodPipe(savedSearchesQuerySchema)) query: SavedSearchesQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.savedSearches.list(site, user, query);
  }

  @Post()
  @Roles('user', 'agent', 'company', 'admin')
  create(
    @Body(new ZodPipe(createSavedSearchRequestSchema)) body: CreateSavedSearchRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.savedSearches.create(site, user, body);
  }

  @Patch(':id')
  @Roles('user', 'agent', 'company', 'admin')
  update(
    @Param(new ZodPipe(savedSearchParamsSchema)) params: { id: string },
    @Body(new ZodPipe(updateSavedSearchRequestSchema)) body: UpdateSavedSearchRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.savedSearches.update(site, user, params.id, body);
  }

  @Delete(':id')
  @Roles('user', 'agent', 'company', 'admin')
  remove(
    @Param(new ZodPipe(savedSearchParamsSchema)) params: { id: string },
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.savedSearches.remove(site, user, params.id);
  }
}
