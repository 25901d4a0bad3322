import { Injectable } from '@nestjs/common';
import { DataSource, type FindOptionsWhere } from 'typeorm';
import {
  PROPERTY_TYPE_SLUGS,
  type Banner as BannerView,
  type BlogSummary,
  type CommunitySummary,
  type Faq as FaqView,
  type FaqCategory,
  type Language,
  type Page as ResultsPage,
  type Site,
  type TopMenuItem,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { PropertyType } from '../site-config/property-type.entity.js';
import { Banner } from './banner.entity.js';
import { Blog } from './blog.entity.js';
import { Community } from './community.entity.js';
import { Faq } from './faq.entity.js';
import { Menu } from './menu.entity.js';
import { Page } from './page.entity.js';
import {
  presentBanner,
  presentBlog,
  presentBlogSummary,
  presentCommunity,
  presentCommunitySummary,
  presentFaq,
  presentMenu,
  presentPage,
  presentPageSummary,
} from './present.js';
import { PublicCache } from './public-cache.js';

type Paging = { page: number; limit: number };
const skipTake = ({ page, limit }: Paging) => ({ skip: (page - 1) * limit, take: limit });

/** What visitors read: published items of the request's site, in its language, through the cache. */
@Injectable()
export class PublicContentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: PublicCache,
  ) {}

  private get manager() {
    return this.dataSource.manager;
  }

  /**
   * Spec §6: companies and agents see the whole menu; visitors and customers do not see items
   * pointing at a property type (listing page) that is inactive on the site.
   */
  topMenus(site: Site, type: 'Agent' | 'Company' | 'Customer' | undefined): Promise<TopMenuItem[]> {
    const filtered = type !== 'Agent' && type !== 'Company';
    return this.cache.remember(site, 'menus', 'en', filtered ? 'filtered' : 'all', async () => {
      const menus = await this.manager.find(Menu, {
        where: { site, published: true },
        order: { position: 'ASC' },
      });
      if (!filtered) return menus.map(presentMenu);
      const inactive = new Set(
        (await this.manager.find(PropertyType, { where: { site, status: 'inactive' } })).map(
          (type) => type.slug as string,
        ),
      );
      return menus
        .filter(
          (menu) =>
            !(
              (PROPERTY_TYPE_SLUGS as readonly string[]).includes(menu.menuSlug) &&
              inactive.has(menu.menuSlug)
            ),
        )
        .map(presentMenu);
    });
  }

  pages(site: Site, language: Language) {
    return this.cache.remember(site, 'pages', language, 'list', async () =>
      (await this.manager.find(Page, { where: { site, published: true }, order: { position: 'ASC' } })).map(
        (page) => presentPageSummary(page, language),
      ),
    );
  }

  /** By publicSlug, publicSlugAr or the internal slug (Arabic pages are addressed by publicSlugAr). */
  page(site: Site, language: Language, slug: string) {
    return this.cache.remember(site, 'pages', language, `slug:${slug}`, async () => {
      const page = await this.manager.findOne(Page, {
        where: [
          { site, published: true, publicSlug: slug },
          { site, published: true, publicSlugAr: slug },
          { site, published: true, slug },
        ],
      });
      if (!page) throw new AppException('NOT_FOUND');
      return presentPage(page, language);
    });
  }

  faqs(
    site: Site,
    language: Language,
    query: Paging & { category?: FaqCategory },
  ): Promise<ResultsPage<FaqView>> {
    const key = `list:${query.category ?? '*'}:${query.page}:${query.limit}`;
    return this.cache.remember(site, 'faqs', language, key, async () => {
      const where: FindOptionsWhere<Faq> = {
        site,
        published: true,
        ...(query.category ? { category: query.category } : {}),
      };
      const [rows, total] = await this.manager.findAndCount(Faq, {
        where,
        order: { category: 'ASC', position: 'ASC', createdAt: 'ASC' },
        ...skipTake(query),
      });
      return {
        items: rows.map((faq) => presentFaq(faq, language)),
        page: query.page,
        limit: query.limit,
        total,
      };
    });
  }

  blogs(site: Site, language: Language, query: Paging & { tag?: string }): Promise<ResultsPage<BlogSummary>> {
    const key = `list:${query.tag ?? '*'}:${query.page}:${query.limit}`;
    return this.cache.remember(site, 'blogs', language, key, async () => {
      const builder = this.manager
        .createQueryBuilder(Blog, 'blog')
        .where('blog.site = :site AND blog.published', { site })
        .orderBy('blog.publishedAt', 'DESC', 'NULLS LAST')
        .addOrderBy('blog.createdAt', 'DESC')
        .skip((query.page - 1) * query.limit)
        .take(query.limit);
      if (query.tag) {
        builder.andWhere('(blog.tags @> :en::jsonb OR blog.tags @> :ar::jsonb)', {
          en: JSON.stringify([{ en: query.tag }]),
          ar: JSON.stringify([{ ar: query.tag }]),
        });
      }
      const [rows, total] = await builder.getManyAndCount();
      return {
        items: rows.map((blog) => presentBlogSummary(blog, language)),
        page: query.page,
        limit: query.limit,
        total,
      };
    });
  }

  blog(site: Site, language: Language, slug: string) {
    return this.cache.remember(site, 'blogs', language, `slug:${slug}`, async () => {
      const blog = await this.manager.findOne(Blog, {
        where: [
          { site, published: true, slug },
          { site, published: true, slugAr: slug },
        ],
      });
      if (!blog) throw new AppException('NOT_FOUND');
      return presentBlog(blog, language);
    });
  }

  banners(site: Site, language: Language, placement: 'home' | 'ad' | 'side'): Promise<BannerView[]> {
    return this.cache.remember(site, 'banners', language, placement, async () =>
      (
        await this.manager.find(Banner, {
          where: { site, placement, published: true },
          order: { position: 'ASC', createdAt: 'ASC' },
        })
      ).map((banner) => presentBanner(banner, language)),
    );
  }

  communities(
    site: Site,
    language: Language,
    query: Paging & { city?: string },
  ): Promise<ResultsPage<CommunitySummary>> {
    const key = `list:${query.city ?? '*'}:${query.page}:${query.limit}`;
    return this.cache.remember(site, 'communities', language, key, async () => {
      const where: FindOptionsWhere<Community> = {
        site,
        published: true,
        ...(query.city ? { citySlug: query.city } : {}),
      };
      const [rows, total] = await this.manager.findAndCount(Community, {
        where,
        order: { position: 'ASC', createdAt: 'ASC' },
        ...skipTake(query),
      });
      return {
        items: rows.map((community) => presentCommunitySummary(community, language)),
        page: query.page,
        limit: query.limit,
        total,
      };
    });
  }

  community(site: Site, language: Language, slug: string) {
    return this.cache.remember(site, 'communities', language, `slug:${slug}`, async () => {
      const community = await this.manager.findOne(Community, {
        where: [
          { site, published: true, slug },
          { site, published: true, slugAr: slug },
        ],
      });
      if (!community) throw new AppException('NOT_FOUND');
      return presentCommunity(community, language);
    });
  }
}
