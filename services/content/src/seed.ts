import { createHash } from 'node:crypto';
import type { DataSource, EntityManager, ObjectLiteral, EntityTarget } from 'typeorm';
import { SITE_FACTS, SITES, type Site } from '@manzil/contracts';
import { AdminInfo } from './admin-info/admin-info.entity.js';
import { Banner } from './cms/banner.entity.js';
import { Blog } from './cms/blog.entity.js';
import { Community } from './cms/community.entity.js';
import { Faq } from './cms/faq.entity.js';
import { Menu } from './cms/menu.entity.js';
import { Page } from './cms/page.entity.js';
import { MasterDataOption } from './reference/master-data-option.entity.js';
import { MortgageSetting } from './reference/mortgage-setting.entity.js';
import { seedBlogs } from './seed/blogs.js';
import {
  MASTER_DATA,
  seedAdminInfo,
  seedBanners,
  seedCommunities,
  seedFaqs,
  seedMenus,
  seedMortgageSettings,
  seedPages,
} from './seed/content.js';
import { SEED_FACTS } from './seed/site-facts.js';
import { PropertyType } from './site-config/property-type.entity.js';
import { SiteSetting } from './site-config/site-setting.entity.js';

const PROPERTY_TYPES = [
  { slug: 'buy', nameEn: 'Buy', nameAr: 'شراء' },
  { slug: 'rent', nameEn: 'Rent', nameAr: 'إيجار' },
  { slug: 'commercial-buy', nameEn: 'Commercial for sale', nameAr: 'تجاري للبيع' },
  { slug: 'commercial-rent', nameEn: 'Commercial for rent', nameAr: 'تجاري للإيجار' },
] as const;

/** A stable id per seeded item, so a re-seed finds the row it made (and inserts nothing). */
export function seedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function insertMissing<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  rows: T[],
) {
  if (rows.length === 0) return;
  await manager.createQueryBuilder().insert().into(entity).values(rows).orIgnore().execute();
}

async function seedSite(manager: EntityManager, site: Site): Promise<void> {
  const facts = SITE_FACTS[site];
  await insertMissing(manager, SiteSetting, [
    {
      site,
      country: facts.country,
      currency: facts.currency,
      areaUnit: facts.areaUnit,
      phonePrefix: facts.phonePrefix,
    } as SiteSetting,
  ]);
  await insertMissing(
    manager,
    PropertyType,
    PROPERTY_TYPES.map((type, position) => ({ ...type, site, status: 'active' as const, position })),
  );
  await insertMissing(
    manager,
    Page,
    seedPages(site).map(
      (page, position) =>
        ({ ...page, id: seedId(site, 'page', page.slug), site, position, published: true }) as Page,
    ),
  );
  const now = Date.now();
  await insertMissing(
    manager,
    Blog,
    seedBlogs(SEED_FACTS[site], site).map(
      ({ daysAgo, ...blog }) =>
        ({
          ...blog,
          id: seedId(site, 'blog', blog.slug),
          site,
          published: true,
          publishedAt: new Date(now - daysAgo * 86_400_000),
        }) as Blog,
    ),
  );
  await insertMissing(
    manager,
    Faq,
    seedFaqs(site).map(
      (faq, position) =>
        ({ ...faq, id: seedId(site, 'faq', faq.question.en), site, position, published: true }) as Faq,
    ),
  );
  await insertMissing(
    manager,
    Menu,
    seedMenus().map(
      (menu, position) =>
        ({ ...menu, id: seedId(site, 'menu', menu.menuSlug), site, position, published: true }) as Menu,
    ),
  );
  await insertMissing(
    manager,
    Banner,
    seedBanners(site).map(
      (banner, position) =>
        ({
          ...banner,
          id: seedId(site, 'banner', banner.placement, String(position)),
          site,
          position,
          published: true,
        }) as Banner,
    ),
  );
  await insertMissing(
    manager,
    Community,
    seedCommunities(site).map(
      (community, position) =>
        ({
          ...community,
          id: seedId(site, 'community', community.slug),
          site,
          position,
          published: true,
        }) as Community,
    ),
  );
  await insertMissing(manager, AdminInfo, [{ ...seedAdminInfo(site), site } as AdminInfo]);
  await insertMissing(
    manager,
    MasterDataOption,
    Object.entries(MASTER_DATA).flatMap(([kind, options]) =>
      options.map(
        ([value, en, ar], position) =>
          ({ site, kind, value, name: { en, ar }, position }) as MasterDataOption,
      ),
    ),
  );
  await insertMissing(manager, MortgageSetting, [
    { site, settings: seedMortgageSettings(site) } as MortgageSetting,
  ]);
}

/**
 * Both sites' config and content, in both languages. Idempotent: seeded items have stable
 * ids and rows that exist are left as they are, so a re-seed never undoes an admin's change
 * (an item the admin deleted does come back).
 */
export async function seed(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    for (const site of SITES) await seedSite(manager, site);
  });
}
