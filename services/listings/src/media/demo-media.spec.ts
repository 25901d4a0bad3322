import { describe, expect, it } from '@jest/globals';
import { demoPhotoUrl } from './demo-media.js';

describe('demo media', () => {
  it('builds the gateway path', () => {
    expect(demoPhotoUrl('a.svg')).toBe('/api/listings/v1/media/demo/a.svg');
  });
});
