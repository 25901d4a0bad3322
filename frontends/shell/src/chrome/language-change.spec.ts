import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { applyDocumentHead, clearDocumentHead } from '@manzil/ui';
import { saveLanguage } from '../i18n/language.js';
import {
  LANGUAGE_CHANGED_KEY,
  languageChangeTarget,
  markLanguageChanged,
  reloadIfLanguageChanged,
} from './language-change.js';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

describe('language change (spec §4)', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    clearDocumentHead();
    for (const cookie of document.cookie.split('; ')) {
      const name = cookie.split('=')[0];
      if (name) document.cookie = `${name}=; path=/; max-age=0`;
    }
  });

  it('saves the choice and a 10-year lang cookie, but no cookie on /blog paths', () => {
    saveLanguage('ar', '/faq');
    expect(document.cookie).toContain('lang=ar');
    document.cookie = 'lang=; path=/; max-age=0';
    saveLanguage('en', '/blog');
    saveLanguage('en', '/blog/buying-in-dubai');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.cookie).not.toContain('lang=');
  });

  it("goes to the page's alternate-language link when it declares one", () => {
    applyDocumentHead({
      language: 'en',
      title: 'About',
      description: 'About us',
      path: '/pages/about-us',
      alternates: { en: '/pages/about-us', ar: '/pages/من-نحن' },
    });
    expect(decodeURI(languageChangeTarget('/pages/about-us', 'ar') ?? '')).toBe('/pages/من-نحن');
  });

  it('moves a listing page to its path in the other language', () => {
    expect(languageChangeTarget('/buy/properties-for-sale', 'ar')).toBe('/شراء/عقارات-للبيع');
  });

  it('stays on a page whose alternates are only ?lang= on the same path', () => {
    applyDocumentHead({ language: 'en', title: 'Blog', description: 'Blog', path: '/blog' });
    expect(languageChangeTarget('/blog', 'ar')).toBeNull();
    clearDocumentHead();
    expect(languageChangeTarget('/aboutCompany', 'ar')).toBeNull();
  });

  it('stores a flag; another tab that becomes visible clears it and reloads', () => {
    markLanguageChanged('ar');
    expect(localStorage.getItem(LANGUAGE_CHANGED_KEY)).not.toBeNull();
    const reload = jest.fn();
    setVisibility('visible');
    // The tab that made the change does not reload itself.
    expect(reloadIfLanguageChanged(reload)).toBe(false);
    // Another tab (another session id) does.
    sessionStorage.clear();
    expect(reloadIfLanguageChanged(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LANGUAGE_CHANGED_KEY)).toBeNull();
    expect(reloadIfLanguageChanged(reload)).toBe(false);
  });

  it('does nothing while the tab is hidden', () => {
    markLanguageChanged('en');
    sessionStorage.clear();
    setVisibility('hidden');
    const reload = jest.fn();
    expect(reloadIfLanguageChanged(reload)).toBe(false);
    expect(localStorage.getItem(LANGUAGE_CHANGED_KEY)).not.toBeNull();
  });
});
