import { describe, expect, it } from '@jest/globals';
import { siteConfigSchema } from '@manzil/contracts';
import { presentConfig } from './present-config.js';
import type { PropertyType } from './property-type.entity.js';
import type { SiteSetting } from './site-setting.entity.js';

describe('presentConfig', () => {
  const setting = {
    site: 'sa',
    country: 'Saudi',
    currency: 'SAR',
    areaUnit: 'sqm',
    phonePrefix: '+966',
  } as SiteSetting;
  const types = [{ slug: 'buy', status: 'active', nameEn: 'Buy', nameAr: 'شراء' }] as PropertyType[];

  it('words the config in the language and matches the contract', () => {
    const ar = presentConfig(setting, types, [], 'ar');
    expect(siteConfigSchema.parse(ar)).toEqual(ar);
    expect(ar).toMatchObject({ countryCode: 'sa', currencyLabel: '﷼', areaUnitLabel: 'م²' });
    expect(ar.propertyType).toEqual([{ slug: 'buy', status: 'active', name: 'شراء' }]);
    expect(presentConfig(setting, types, [], 'en').propertyType[0].name).toBe('Buy');
  });
});
