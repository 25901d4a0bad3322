import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  blogQuerySchema,
  communityQuerySchema,
  faqQuerySchema,
  topMenuQuerySchema,
  type Language,
  type Site,
} from '@manzil/contracts';
import { AppException, CurrentLanguage, CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import type { z } from 'zod';
import { PublicContentService } from './public-content.service.js';

/** Slugs longer than any we store are not looked up (nor cached). */
function checkSlug(slug: string): string {
  if (slug.length === 0 || slug.length > 120) throw new AppException('NOT_FOUND');
  return slug;
}

@Controller('v1')
@Public()
export class PublicContentController {
  constructor(private readonly content: PublicContentService) {}

  @Get('top-menus')
  topMenus(
    @Query(new ZodPipe(topMenuQuerySchema)) query: z.infer<typeof topMenuQuerySchema>,
    @CurrentSite() site: Site,
  ) {
    return this.content.topMenus(site, query.type);
  }

  @Get('pages')
  pages(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.pages(site, language);
  }

  @Get('pages/:slug')
  page(@Param('slug') slug: string, @CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.page(site, language, checkSlug(slug));
  }

  @Get('faqs')
  faqs(
    @Query(new ZodPipe(faqQuerySchema)) query: z.infer<typeof faqQuerySchema>,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    return this.content.faqs(site, language, query);
  }

  @Get('blogs')
  blogs(
    @Query(new ZodPipe(blogQuerySchema)) query: z.infer<typeof blogQuerySchema>,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    return this.content.blogs(site, language, query);
  }

  @Get('blogs/:slug')
  blog(@Param('slug') slug: string, @CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.blog(site, language, checkSlug(slug));
  }

  @Get('home-banner')
  homeBanner(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.banners(site, language, 'home');
  }

  @Get('ad-banner')
  adBanner(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.banners(site, language, 'ad');
  }

  @Get('side-ads')
  sideAds(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.banners(site, language, 'side');
  }

  @Get('communities')
  communities(
    @Query(new ZodPipe(communityQuerySchema)) query: z.infer<typeof communityQuerySchema>,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    return this.content.communities(site, language, query);
  }

  @Get('communities/:slug')
  community(@Param('slug') slug: string, @CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.content.community(site, language, checkSlug(slug));
  }
}
