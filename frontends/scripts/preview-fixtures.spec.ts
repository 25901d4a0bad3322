import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  adminInfoSchema,
  searchResultPageSchema,
  siteConfigSchema,
  topMenuItemSchema,
  type Language,
  type Site,
} from '@manzil/contracts';
// @ts-expect-error -- a plain .mjs script without types (the preview server runs without a build step)
import { LISTINGS, adminInfo, facetsOf, siteConfig, topMenu } from './preview-fixtures.mjs';

const SITES: Site[] = ['ae', 'sa'];
const LANGUAGES: Language[] = ['en', 'ar'];

/**
 * The preview's stub answers are what the pages read in the preview and the screenshot
 * scripts: when a contract grows a field they lack, the page shows "Something went wrong" there
 * (its listing pages did, until 2026-11-30). This fails first.
 */
describe('preview stub answers satisfy the contracts the pages check them with', () => {
  it.each(SITES)('the listing pages of %s: every type, a page and its facets', (site) => {
    for (const [type, all] of Object.entries(LISTINGS[site] as Record<string, unknown[]>)) {
      const page = { items: all.slice(0, 20), page: 1, limit: 20, total: all.length, facets: facetsOf(all) };
      const parsed = searchResultPageSchema.safeParse(page);
      expect({ type, issues: parsed.error?.issues.slice(0, 3) ?? [] }).toEqual({ type, issues: [] });
    }
  });

  it.each(SITES)('the chrome of %s in both languages: config, top menu, admin info', (site) => {
    for (const language of LANGUAGES) {
      expect(siteConfigSchema.safeParse(siteConfig(site, language)).error?.issues ?? []).toEqual([]);
      expect(adminInfoSchema.safeParse(adminInfo(site, language)).error?.issues ?? []).toEqual([]);
    }
    expect(z.array(topMenuItemSchema).safeParse(topMenu()).error?.issues ?? []).toEqual([]);
  });
});
