import { describe, expect, it } from '@jest/globals';
import { demoContentType, demoPhotoUrl } from './demo-media.js';

describe('demo media file names', () => {
  it('accepts plain names with a known extension', () => {
    expect(demoContentType('marina-towers.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(demoContentType('villa-2.png')).toBe('image/png');
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
    expect(demoContentType(name)).toBeUndefined();
  });

  it('builds the gateway path', () => {
    expect(demoPhotoUrl('a.svg')).toBe('/api/listings/v1/media/demo/a.svg');
  });
});
