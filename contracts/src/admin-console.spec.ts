import { describe, expect, it } from '@jest/globals';
import { rescheduleAuctionBodySchema, updatePlanBodySchema } from './admin-console.js';

describe('admin console inputs', () => {
  it('reads plan fees and quotas typed with Arabic digits and separators', () => {
    expect(updatePlanBodySchema.parse({ fees: '١٬٢٣٤٫٥', agentQuota: '٦٠' })).toEqual({
      fees: 1234.5,
      agentQuota: 60,
    });
  });

  it('refuses fees below 1 or with three decimals, and quotas that are not whole', () => {
    const result = updatePlanBodySchema.safeParse({ fees: '1.999', propertyQuota: '1.5', nameEn: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]).sort()).toEqual([
      ['fees', 'plan.fees'],
      ['nameEn', 'plan.name'],
      ['propertyQuota', 'plan.quota'],
    ]);
  });

  it('wants the end of an auction after its start', () => {
    const at = (h: number) => new Date(Date.UTC(2030, 0, 1, h)).toISOString();
    expect(rescheduleAuctionBodySchema.safeParse({ startsAt: at(10), endsAt: at(12) }).success).toBe(true);
    const wrong = rescheduleAuctionBodySchema.safeParse({ startsAt: at(12), endsAt: at(10) });
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['endsAt'], message: 'auction.endsBeforeStart' });
  });
});
