import { describe, expect, it } from '@jest/globals';
import { imageTypeOf } from './image-type.js';

describe('imageTypeOf', () => {
  it('recognises jpeg, png and gif by their first bytes', () => {
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(imageTypeOf(Buffer.from('GIF89a...', 'latin1'))).toBe('image/gif');
    expect(imageTypeOf(Buffer.from('GIF87a', 'latin1'))).toBe('image/gif');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(imageTypeOf(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
