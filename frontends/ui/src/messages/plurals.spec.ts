import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import type { Language } from '@manzil/contracts';
import { intlLocale } from '../format/locale.js';

/** Counts render with the number inside the message, in every Arabic plural category. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function format(folder: string, language: Language, id: string, count: number): string {
  const messages = JSON.parse(readFileSync(`${ROOT}${folder}/${language}.json`, 'utf8')) as Record<
    string,
    string
  >;
  return createIntl({ locale: intlLocale(language), messages }).formatMessage({ id }, { count });
}

const COUNTS = [0, 1, 2, 3, 11, 100, 1250];

describe('counts in Arabic', () => {
  it('reads the listing count in every category (zero, one, two, few, many, other)', () => {
    const read = (count: number) =>
      format('frontends/customer/src/i18n', 'ar', 'customer.listing.count', count);
    expect(COUNTS.map(read)).toEqual([
      'لا توجد عقارات',
      'عقار واحد',
      'عقاران',
      '3 عقارات',
      '11 عقارًا',
      '100 عقار',
      '1,250 عقارًا',
    ]);
  });

  it('reads the agents count the same way', () => {
    const read = (count: number) =>
      format('frontends/company-portal/src/i18n', 'ar', 'companyPortal.agents.count', count);
    expect(COUNTS.map(read)).toEqual([
      'لا يوجد وسطاء',
      'وسيط واحد',
      'وسيطان',
      '3 وسطاء',
      '11 وسيطًا',
      '100 وسيط',
      '1,250 وسيطًا',
    ]);
  });

  it('keeps the number in English too', () => {
    const read = (count: number) =>
      format('frontends/customer/src/i18n', 'en', 'customer.listing.count', count);
    expect([1, 2, 1250].map(read)).toEqual(['1 property', '2 properties', '1,250 properties']);
  });
});
