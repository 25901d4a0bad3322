import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import {
  wishlistContainsQuerySchema,
  wishlistItemParamsSchema,
  wishlistItemRequestSchema,
  wishlistQuerySchema,
  type Site,
  type WishlistContainsQuery,
  type WishlistItemRequest,
  type WishlistQuery,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { WishlistService } from './wishlist.service.js';

/**
 * Spec §6: the wishlist icon shows for customers and agents, only customers add. Agents and
 * companies may ask which ids are saved (always none) so their pages never meet a 403; adding,
 * removing and listing answer them 403 `WISHLIST_CUSTOMERS_ONLY`.
 */
@Controller('v1/wishlist')
export class WishlistController {
  constructor(private readonly wishlist: WishlistService) {}

  @Post()
  @Roles('user', 'agent', 'company')
  save(
    @Body(new ZodPipe(wishlistItemRequestSchema)) body: WishlistItemRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.wishlist.save(site, user, body);
  }

  @Get()
  @Roles('user', 'agent', 'company')
  list(
    @Query(new ZodPipe(wishlistQuerySchema)) query: WishlistQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.wishlist.list(site, user, query);
  }

  @Get('contains')
  @Roles('user', 'agent', 'company')
  contains(
    @Query(new ZodPipe(wishlistContainsQuerySchema)) query: WishlistContainsQuery,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.wishlist.contains(site, user, query);
  }

  @Delete(':kind/:id')
  @Roles('user', 'agent', 'company')
  remove(
    @Param(new ZodPipe(wishlistItemParamsSchema)) params: WishlistItemRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.wishlist.remove(site, user, params);
  }
}
