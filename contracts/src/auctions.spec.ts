import { describe, expect, it } from '@jest/globals';
import { placeBidBodySchema } from './auctions.js';
import { ERROR_MESSAGES, fieldMessage } from './errors.js';

describe('placing a bid (contract)', () => {
  it('takes a price typed with Arabic digits or thousands separators', () => {
    expect(placeBidBodySchema.parse({ amount: '١٬٢٥٠٬٠٠٠' }).amount).toBe(1_250_000);
    expect(placeBidBodySchema.parse({ amount: '1,250,000.50' }).amount).toBe(1_250_000.5);
    expect(placeBidBodySchema.parse({ amount: 990_000 }).amount).toBe(990_000);
  });

  it('requires a positive price with at most 2 decimals', () => {
    const issues = (body: unknown) => {
      const result = placeBidBodySchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues({})).toEqual(['bid.required']);
    expect(issues({ amount: '' })).toEqual(['bid.required']);
    expect(issues({ amount: 'abc' })).toEqual(['bid.required']);
    expect(issues({ amount: 0 })).toEqual(['bid.invalid']);
    expect(issues({ amount: 10.005 })).toEqual(['bid.invalid']);
    expect(issues({ amount: 1e13 })).toEqual(['bid.invalid']);
  });

  it('has the spec’s withdrawal message word for word, and every text in Arabic', () => {
    expect(ERROR_MESSAGES.BID_PAYMENT_PENDING.en).toBe(
      'Your payment is still pending, you cannot withdraw it.',
    );
    for (const key of ['bid.required', 'bid.invalid', 'bid.tooLow'])
      expect(fieldMessage(key, 'ar')).toMatch(/[\u0600-\u06FF]/);
  });
});
