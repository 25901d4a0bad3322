import { describe, expect, it } from '@jest/globals';
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
});
