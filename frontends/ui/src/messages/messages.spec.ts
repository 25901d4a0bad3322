import { describe, expect, it } from '@jest/globals';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

describe('ui messages', () => {
  it('has every key in both languages, none empty', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    for (const value of [...Object.values(en), ...Object.values(ar)]) expect(value.trim()).not.toBe('');
  });
});
