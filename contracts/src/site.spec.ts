import { describe, expect, it } from '@jest/globals';
import { directionOf, SITE_FACTS, siteFromHost } from './site.js';
import { countryCodeOf } from './content.js';
import { ERROR_MESSAGES, fieldMessage } from './errors.js';

describe('sites', () => {
  it.each([
    ['sa.localhost:3000', 'sa'],
    ['SA.localhost', 'sa'],
    ['ae.localhost:3000', 'ae'],
    ['localhost:3000', 'ae'],
    ['sa.manzil.example', 'sa'],
    [undefined, 'ae'],
    ['saudi.localhost', 'ae'],
  ])('%s is site %s', (host, site) => {
    expect(siteFromHost(host)).toBe(site);
  });

  it('keeps the spec facts of each country', () => {
    expect(SITE_FACTS.ae).toMatchObject({
      phonePrefix: '+971',
      currency: 'AED',
      defaultCity: { en: 'Dubai' },
    });
    expect(SITE_FACTS.sa).toMatchObject({
      phonePrefix: '+966',
      currency: 'SAR',
      defaultCity: { en: 'Riyadh' },
    });
    expect(SITE_FACTS.sa.mapCentre).toEqual({ lat: 23.8859, lng: 45.0792 });
  });

  it('maps config country to its code (spec §3)', () => {
    expect([countryCodeOf('Saudi'), countryCodeOf('UAE'), countryCodeOf('India')]).toEqual([
      'sa',
      'ae',
      'in',
    ]);
  });

  it('writes Arabic right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('messages', () => {
  it('has every error message in both languages, Arabic in Arabic script', () => {
    for (const [code, text] of Object.entries(ERROR_MESSAGES)) {
      expect(text.en.length).toBeGreaterThan(0);
      expect(text.ar).toMatch(/[\u0600-\u06FF]/);
      expect(`${code}:${text.ar}`).not.toBe(`${code}:${text.en}`);
    }
  });

  it('translates known field keys and never shows English to an Arabic reader', () => {
    expect(fieldMessage('required', 'ar')).toBe('هذا الحقل مطلوب.');
    expect(fieldMessage('Too small: expected string to have >=2 characters', 'ar')).toBe('قيمة غير صالحة.');
    expect(fieldMessage('Too small', 'en')).toBe('Too small');
  });
});
