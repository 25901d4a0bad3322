import { describe, expect, it } from '@jest/globals';
import { parseTimezoneOffset } from './context.js';

describe('parseTimezoneOffset', () => {
  it.each([
    ['+04:00', 240],
    ['+03:00', 180],
    ['-03:30', -210],
    ['+0530', 330],
    [' +04:00 ', 240],
  ])('%s → %d minutes', (header, minutes) => {
    expect(parseTimezoneOffset(header)).toBe(minutes);
  });

  it.each([undefined, '', 'GMT+4', '+25:00', '4'])('ignores %p', (header) => {
    expect(parseTimezoneOffset(header)).toBe(0);
  });
});
