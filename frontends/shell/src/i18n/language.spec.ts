import { afterEach, describe, expect, it } from '@jest/globals';
import { applyDocumentLanguage, initialLanguage, saveLanguage } from './language.js';

function clearCookies() {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

describe('language', () => {
  afterEach(() => {
    localStorage.clear();
    clearCookies();
  });

  it('sets <html lang dir> from one function', () => {
    applyDocumentLanguage('ar');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    applyDocumentLanguage('en');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['en', 'ltr']);
  });

  it('saves the choice locally and in the lang cookie', () => {
    saveLanguage('ar', '/buy/properties-for-sale');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(document.cookie).toContain('lang=ar');
  });

  it('does not set the cookie on /blog paths (spec §4)', () => {
    saveLanguage('ar', '/blog/buying-in-dubai');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(document.cookie).not.toContain('lang=');
  });

  it('starts from ?lang=, then the stored choice, then the cookie, then English', () => {
    expect(initialLanguage({ search: '' })).toBe('en');
    document.cookie = 'lang=ar; path=/';
    expect(initialLanguage({ search: '' })).toBe('ar');
    localStorage.setItem('language', 'en');
    expect(initialLanguage({ search: '' })).toBe('en');
    expect(initialLanguage({ search: '?lang=ar' })).toBe('ar');
    expect(initialLanguage({ search: '?lang=fr' })).toBe('en');
  });

  it('starts in Arabic on a path written in Arabic letters, as the gateway serves it, unless ?lang= says otherwise', () => {
    localStorage.setItem('language', 'en');
    expect(
      initialLanguage({
        search: '',
        pathname:
          '/%D8%B4%D8%B1%D8%A7%D8%A1/%D8%B9%D9%82%D8%A7%D8%B1%D8%A7%D8%AA-%D9%84%D9%84%D8%A8%D9%8A%D8%B9',
      }),
    ).toBe('ar');
    expect(initialLanguage({ search: '?lang=en', pathname: '/pages/من-نحن' })).toBe('en');
    expect(initialLanguage({ search: '', pathname: '/pages/about-us' })).toBe('en');
  });
});
