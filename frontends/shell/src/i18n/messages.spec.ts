import { describe, expect, it } from '@jest/globals';
import { LOGIN_LEAD, PAGE_TEXTS } from '@manzil/contracts';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

describe('messages', () => {
  it('has every key in both languages', () => {
    expect(Object.keys(ar).filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !(key in ar))).toEqual([]);
  });

  it('has no empty message', () => {
    expect([...Object.entries(en), ...Object.entries(ar)].filter(([, value]) => value.trim() === '')).toEqual(
      [],
    );
  });

  it("says what /login's first view (written by the gateway from contracts) says", () => {
    for (const [language, messages] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      expect(messages['shell.auth.login.title']).toBe(PAGE_TEXTS.login[language].title);
      expect(messages['shell.auth.login.subtitle']).toBe(LOGIN_LEAD[language]);
    }
  });
});
