import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import type { Language, Site } from '@manzil/contracts';
import { LanguageProvider } from '../components/language-provider.js';
import { SiteDate } from '../components/site-date.js';
import { formatSiteDate } from './date.js';

// 10:00 UTC on 23 November 2026 is 13 Jumada al-Akhirah 1448 (Umm al-Qura).
const DATE = '2026-11-23T10:00:00Z';

describe('formatSiteDate', () => {
  it('shows the Hijri date beside the Gregorian on the Saudi site in Arabic', () => {
    expect(formatSiteDate(DATE, { site: 'sa', language: 'ar' })).toBe(
      '13 جمادى الآخرة 1448 هـ (23 نوفمبر 2026 م)',
    );
  });

  it('shows the Gregorian date only on the UAE site and in English', () => {
    expect(formatSiteDate(DATE, { site: 'ae', language: 'ar' })).toBe('23 نوفمبر 2026');
    expect(formatSiteDate(DATE, { site: 'sa', language: 'en' })).toBe('23 November 2026');
    expect(formatSiteDate(DATE, { site: 'ae', language: 'en', month: 'short' })).toBe('23 Nov 2026');
  });

  it("counts days in the site's own time zone", () => {
    // 21:30 UTC is already the next day in Riyadh (UTC+3) and Dubai (UTC+4).
    expect(formatSiteDate('2026-11-22T21:30:00Z', { site: 'sa', language: 'en' })).toBe('23 November 2026');
    expect(formatSiteDate('2026-11-22T20:30:00Z', { site: 'ae', language: 'en' })).toBe('23 November 2026');
  });

  it('writes nothing for an invalid date and no bidi marks in Arabic', () => {
    expect(formatSiteDate('not a date', { site: 'sa', language: 'ar' })).toBe('');
    expect(formatSiteDate(DATE, { site: 'sa', language: 'ar' })).not.toMatch(/[\u200e\u200f\u061c]/);
  });
});

describe('<SiteDate>', () => {
  const show = (site: Site, language: Language) => {
    const { unmount } = render(
      <LanguageProvider language={language} messages={{}} site={site}>
        <SiteDate date={DATE} />
      </LanguageProvider>,
    );
    const time = screen.getByText(/2026/);
    const result = [time.tagName, time.getAttribute('datetime'), time.textContent];
    unmount();
    return result;
  };

  it('takes the site from the LanguageProvider and the language from react-intl', () => {
    expect(show('sa', 'ar')).toEqual([
      'TIME',
      '2026-11-23T10:00:00.000Z',
      '13 جمادى الآخرة 1448 هـ (23 نوفمبر 2026 م)',
    ]);
    expect(show('ae', 'ar')).toEqual(['TIME', '2026-11-23T10:00:00.000Z', '23 نوفمبر 2026']);
    expect(show('sa', 'en')).toEqual(['TIME', '2026-11-23T10:00:00.000Z', '23 November 2026']);
  });
});
