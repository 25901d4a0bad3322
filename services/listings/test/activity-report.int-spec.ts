import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ListingsReport, Site } from '@manzil/contracts';
import { startListings, type Account } from './lifecycle-harness.js';
import { insertProperty } from './properties.js';

const account = (role: Account['role'], site: Site): Account => ({ id: randomUUID(), role, site });

describe('listings: listings added and accepted over time (the reports tab)', () => {
  let h: Awaited<ReturnType<typeof startListings>>;
  beforeAll(async () => {
    h = await startListings();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts an agent’s and its company’s listings per bucket in the site time zone, zero-filled', async () => {
    const company = account('company', 'ae');
    const agent = { ...account('agent', 'ae'), companyId: company.id };
    const now = new Date();
    const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15, 12);
    await insertProperty(h.dataSource, 'ae', {
      agentId: agent.id,
      companyId: company.id,
      createdAt: lastMonth,
    });
    await insertProperty(h.dataSource, 'ae', {
      agentId: agent.id,
      companyId: company.id,
      approvalStatus: 'accepted',
      approvedAt: now,
    });
    // Another company's agent, and a listing of another site, are not counted.
    await insertProperty(h.dataSource, 'ae', { agentId: randomUUID(), companyId: randomUUID() });

    for (const who of [agent, company]) {
      const report = (await h.call(who, 'get', '/v1/reports/listings').expect(200)).body
        .results as ListingsReport;
      expect(report.bucket).toBe('month');
      expect(report.items).toHaveLength(24);
      expect(report.items.at(-1)).toMatchObject({ added: 1, approved: 1 });
      expect(report.items.at(-2)).toMatchObject({ added: 1, approved: 0 });
      expect(report.items.slice(0, -2).every((i) => i.added === 0 && i.approved === 0)).toBe(true);
    }
    const weeks = (await h.call(agent, 'get', '/v1/reports/listings?bucket=week').expect(200)).body.results;
    expect(weeks.items).toHaveLength(26);
    await h.call(agent, 'get', '/v1/reports/listings?bucket=day&from=2026-01-01&to=2026-12-31').expect(422);
    await h.call(account('user', 'ae'), 'get', '/v1/reports/listings').expect(403);
    await h.call(null, 'get', '/v1/reports/listings').expect(401);
  });
});
