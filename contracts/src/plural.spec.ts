import { describe, expect, it } from '@jest/globals';
import { otpLockedForMessage } from './errors.js';
import { HOURS, MINUTES, countPhrase } from './plural.js';

describe('countPhrase', () => {
  it('uses every Arabic plural category', () => {
    expect([1, 2, 3, 10, 11, 99, 100].map((n) => countPhrase(n, 'ar', MINUTES))).toEqual([
      'دقيقة واحدة',
      'دقيقتين',
      '3 دقائق',
      '10 دقائق',
      '11 دقيقة',
      '99 دقيقة',
      '100 دقيقة',
    ]);
    expect([1, 5].map((n) => countPhrase(n, 'en', MINUTES))).toEqual(['1 minute', '5 minutes']);
  });

  it('reads the OTP lock in hours, rounded up', () => {
    expect(otpLockedForMessage(3600, 'en')).toBe('Try again in 1 hour.');
    expect(otpLockedForMessage(86_400, 'en')).toBe('Try again in 24 hours.');
    expect(otpLockedForMessage(7000, 'ar')).toBe('حاول مرة أخرى بعد ساعتين.');
    expect(otpLockedForMessage(86_400, 'ar')).toBe('حاول مرة أخرى بعد 24 ساعة.');
    expect(countPhrase(5, 'ar', HOURS)).toBe('5 ساعات');
  });
});
