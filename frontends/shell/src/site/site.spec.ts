import { describe, expect, it } from '@jest/globals';
import { siteFromHost, siteUrl } from './site.js';

const at = (hostname: string, pathname = '/buy/properties-for-sale', search = '') => ({
  protocol: 'http:',
  hostname,
  port: '3000',
  pathname,
  search,
});

describe('country switch', () => {
  it('moves between ae.<domain> and sa.<domain>, keeping path and query', () => {
    expect(siteUrl('sa', at('ae.localhost', '/buy/properties-for-sale', '?page=2'), 'en')).toBe(
      'http://sa.localhost:3000/buy/properties-for-sale?page=2&lang=en',
    );
    expect(siteUrl('ae', at('sa.localhost', '/'), 'ar')).toBe('http://ae.localhost:3000/?lang=ar');
  });

  it('treats plain localhost as the UAE site', () => {
    expect(siteFromHost('localhost:3000')).toBe('ae');
    expect(siteUrl('sa', at('localhost'), 'en')).toBe(
      'http://sa.localhost:3000/buy/properties-for-sale?lang=en',
    );
  });

  it('keeps an Arabic path as it is', () => {
    const path = encodeURI('/شراء/عقارات-للبيع');
    expect(siteUrl('sa', at('ae.localhost', path), 'ar')).toBe(`http://sa.localhost:3000${path}?lang=ar`);
  });
});
