import type { DataSource } from 'typeorm';
import { SITE_FACTS, SITES } from '@manzil/contracts';
import { PropertyType } from './site-config/property-type.entity.js';
import { SiteSetting } from './site-config/site-setting.entity.js';
import { StaticContent } from './site-config/static-content.entity.js';

const PROPERTY_TYPES = [
  { slug: 'buy', nameEn: 'Buy', nameAr: 'شراء' },
  { slug: 'rent', nameEn: 'Rent', nameAr: 'إيجار' },
  { slug: 'commercial-buy', nameEn: 'Commercial for sale', nameAr: 'تجاري للبيع' },
  { slug: 'commercial-rent', nameEn: 'Commercial for rent', nameAr: 'تجاري للإيجار' },
] as const;

const STATIC_CONTENT = [
  { slug: 'about-us', publicSlug: 'about-us', publicSlugAr: 'من-نحن' },
  { slug: 'terms-and-conditions', publicSlug: 'terms-and-conditions', publicSlugAr: 'الشروط-والأحكام' },
  { slug: 'privacy-policy', publicSlug: 'privacy-policy', publicSlugAr: 'سياسة-الخصوصية' },
] as const;

/**
 * Both sites' config from spec §3. Idempotent: rows that exist are left as they are, so a
 * re-seed never undoes an admin's change.
 */
export async function seed(dataSource: DataSource): Promise<void> {
  await dataSource.transaction(async (manager) => {
    for (const site of SITES) {
      const facts = SITE_FACTS[site];
      await manager
        .createQueryBuilder()
        .insert()
        .into(SiteSetting)
        .values({
          site,
          country: facts.country,
          currency: facts.currency,
          areaUnit: facts.areaUnit,
          phonePrefix: facts.phonePrefix,
        })
        .orIgnore()
        .execute();
      await manager
        .createQueryBuilder()
        .insert()
        .into(PropertyType)
        .values(
          PROPERTY_TYPES.map((type, position) => ({ ...type, site, status: 'active' as const, position })),
        )
        .orIgnore()
        .execute();
      await manager
        .createQueryBuilder()
        .insert()
        .into(StaticContent)
        .values(STATIC_CONTENT.map((page, position) => ({ ...page, site, position })))
        .orIgnore()
        .execute();
    }
  });
}
