import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SpendReport } from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { company, PaymentsHarness } from './harness.js';

describe('payments: spend over time (the reports tab)', () => {
  const h = new PaymentsHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const spend = (token: string, query: string, site = 'ae') =>
    h.http().get(`/v1/reports/spend${query}`).set('authorization', `Bearer ${token}`).set('x-site', site);

  it('sums what the holder paid per month in the site time zone, zero-filled, one window at a time', async () => {
    const accountId = randomUUID();
    const token = await company('ae', accountId);
    const paid = await h.buy(token, await h.planId('ae', 'gold', 3));
    await h.decide(paid.sessionId, 'pay');
    const failed = await h.buy(token, await h.planId('ae', 'basic', 1));
    await h.decide(failed.sessionId, 'fail');
    // Another company's payment is not counted.
    const other = await h.buy(await company('ae'), await h.planId('ae', 'basic', 1));
    await h.decide(other.sessionId, 'pay');

    const report = (await spend(token, '').expect(200)).body.results as SpendReport;
    expect(report).toMatchObject({ bucket: 'month', currency: 'AED' });
    expect(report.items).toHaveLength(24);
    expect(report.items.at(-1)).toMatchObject({ amount: 1422, payments: 1 });
    expect(report.items.slice(0, -1).every((item) => item.amount === 0 && item.payments === 0)).toBe(true);
    expect(report.items.at(-1)!.start).toBe(report.to);

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Dubai' });
    const days = (await spend(token, `?bucket=day&from=${today}&to=${today}`).expect(200)).body
      .results as SpendReport;
    expect(days.items).toEqual([{ start: today, amount: 1422, payments: 1 }]);
    await spend(token, '?bucket=day&from=2026-01-01&to=2026-03-01').expect(422);
    await spend(token, '?bucket=year').expect(422);
    await spend(token, '?from=2026-05-01&to=2026-04-01').expect(422);
  });

  it('is a company’s or agent’s, on its site', async () => {
    await spend(await tokenFor('user', { site: 'ae' }), '').expect(403);
    const agent = (await spend(await tokenFor('agent', { site: 'sa' }), '', 'sa').expect(200)).body.results;
    expect(agent).toMatchObject({ currency: 'SAR' });
    await spend(await tokenFor('agent', { site: 'sa' }), '', 'ae').expect(401);
  });
});
