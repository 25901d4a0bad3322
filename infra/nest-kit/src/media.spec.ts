import { describe, expect, it } from '@jest/globals';
import { imageContentType } from './media.js';

describe('image file names', () => {
  it('accepts plain names with a known extension', () => {
    expect(imageContentType('marina-towers.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(imageContentType('villa-2.png')).toBe('image/png');
  });

  it.each([
    '../secret.svg',
    '..%2Fsecret.svg',
    'a/b.svg',
    '.hidden.svg',
    'x.svg.exe',
    'Upper.svg',
    'x.html',
    'x',
    '',
  ])('refuses %p', (name) => {
    expect(imageContentType(name)).toBeUndefined();
  });
});
