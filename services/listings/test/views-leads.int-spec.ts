import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ListingsReport, Site } from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { BEACONS_PER_IP_PER_MINUTE } from '../src/activity/listing-beacons.js';
import { account, startListings, type Account } from './lifecycle-harness.js';
import { insertProperty, insertPublishedProperty, localDay } from './properties.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('listings: views and leads of a listing, and the reports tab’s series of them', () => {
  let h: Awaited<ReturnType<typeof startListings>>;
  beforeAll(async () => {
    h = await startListings();
  });
  afterAll(async () => {
    await h?.close();
  });

  const published = (site: Site, overrides: Parameters<typeof insertProperty>[2] = {}) =>
    insertPublishedProperty(h.dataSource, site, overrides);

  /** A beacon as the listing page sends it: a browser's user agent, the token when signed in. */
  const beacon = async (
    who: Account | null,
    path: string,
    body: object,
    status: number,
    { site, userAgent = BROWSER, ip }: { site?: Site; userAgent?: string; ip?: string } = {},
  ) => {
    let req = request(h.app.getHttpServer())
      .post(path)
      .set('x-site', site ?? who?.site ?? 'ae')
      .set('user-agent', userAgent);
    if (ip) req = req.set('x-forwarded-for', ip);
    if (who) {
      const token = await tokenFor(who.role, { site: who.site, sub: who.id, companyId: who.companyId });
      req = req.set('authorization', `Bearer ${token}`);
    }
    return (await req.send(body).expect(status)).body;
  };
  const view = (who: Account | null, id: string, status = 202, options: Parameters<typeof beacon>[4] = {}) =>
    beacon(who, `/v1/properties/${id}/views`, who ? {} : { visitor: randomUUID() }, status, options);
  const stored = async (id: string) =>
    (await h.dataSource.query(
      `SELECT "day"::text, "site", "count" FROM "property_views" WHERE "property_id" = $1`,
      [id],
    )) as { day: string; site: string; count: number }[];
  const report = async (who: Account, query = '') =>
    (await h.call(who, 'get', `/v1/reports/listings${query}`).expect(200)).body.results as ListingsReport;

  it('counts a view once per visitor per listing per day, never the owner’s, an admin’s, a robot’s or a non-public listing’s', async () => {
    const company = randomUUID();
    const agent = account('ae', 'agent', company);
    const listing = await published('ae', { agentId: agent.id, companyId: company });
    const other = await published('ae', { agentId: agent.id, companyId: company });
    const customer = account('ae', 'user');
    const visitor = randomUUID();

    // The same customer twice, the same anonymous browser twice: one view each.
    expect((await view(customer, listing.id)).results).toEqual({ counted: true });
    expect((await view(customer, listing.id)).results).toEqual({ counted: false });
    for (const expected of [true, false])
      expect(
        (await beacon(null, `/v1/properties/${listing.id}/views`, { visitor }, 202)).results.counted,
      ).toBe(expected);
    // A browser with no id of its own is known by its address and user agent, for the day.
    expect((await beacon(null, `/v1/properties/${listing.id}/views`, {}, 202)).results.counted).toBe(true);
    expect((await beacon(null, `/v1/properties/${listing.id}/views`, {}, 202)).results.counted).toBe(false);
    // The same customer on another listing is another view.
    expect((await view(customer, other.id)).results.counted).toBe(true);

    // Not counted: the listing's agent, its company, a fellow agent of the company, an admin, a robot.
    for (const who of [
      agent,
      { id: company, role: 'company', site: 'ae' } as Account,
      account('ae', 'agent', company),
      account('ae', 'admin'),
    ])
      expect((await view(who, listing.id)).results.counted).toBe(false);
    expect(
      (await view(null, listing.id, 202, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).results
        .counted,
    ).toBe(false);
    expect((await view(null, listing.id, 202, { userAgent: 'curl/8.5.0' })).results.counted).toBe(false);
    // Another company's agent is a visitor like any other.
    expect((await view(account('ae', 'agent'), listing.id)).results.counted).toBe(true);

    expect(await stored(listing.id)).toEqual([{ day: localDay('ae', 0), site: 'ae', count: 4 }]);
    expect(await stored(other.id)).toEqual([{ day: localDay('ae', 0), site: 'ae', count: 1 }]);

    // No page, no view: pending, taken off, sold, another site's, unknown.
    const pending = await insertProperty(h.dataSource, 'ae', { agentId: agent.id });
    const inactive = await published('ae', { agentId: agent.id, state: 'inactive' });
    const sold = await published('ae', { agentId: agent.id, state: 'sold' });
    for (const id of [pending.id, inactive.id, sold.id, randomUUID()]) await view(customer, id, 404);
    await view(null, listing.id, 404, { site: 'sa' });
    await view(account('sa', 'user'), listing.id, 404);
    for (const id of [pending.id, inactive.id, sold.id]) expect(await stored(id)).toEqual([]);
    expect(await stored(listing.id)).toEqual([{ day: localDay('ae', 0), site: 'ae', count: 4 }]);
    await beacon(null, `/v1/properties/${listing.id}/views`, { visitor: 'not-a-uuid' }, 422);
  });

  it('counts leads: enquiries, appointment requests, call and WhatsApp clicks; reports views and leads of mine only, per bucket', async () => {
    const company = randomUUID();
    const agent = account('ae', 'agent', company);
    const colleague = account('ae', 'agent', company);
    const asCompany: Account = { id: company, role: 'company', site: 'ae' };
    const mine = await published('ae', { agentId: agent.id, companyId: company });
    const theirs = await published('ae', { agentId: colleague.id, companyId: company });
    const stranger = account('ae', 'agent');
    const strangers = await published('ae', { agentId: stranger.id });
    const customer = account('ae', 'user');

    // Two customers view mine, one views the colleague's and the stranger's.
    const other = account('ae', 'user');
    for (const [who, id] of [
      [customer, mine.id],
      [other, mine.id],
      [customer, theirs.id],
      [customer, strangers.id],
    ] as const)
      expect((await view(who, id)).results.counted).toBe(true);

    // Leads of mine: an enquiry, a viewing request, a call click (twice: once), a WhatsApp click.
    await h
      .call(customer, 'post', `/v1/properties/${mine.id}/enquiries`, {
        body: {
          type: 'book-viewing',
          name: 'Sara Ali',
          email: 'sara@example.com',
          countryCode: '+971',
          mobile: '501234567',
        },
      })
      .expect(201);
    await h
      .call(customer, 'post', '/v1/appointments', {
        body: {
          kind: 'viewing',
          propertyId: mine.id,
          date: localDay('ae', 3),
          time: '10:30',
          name: 'Sara Ali',
          phone: '+971501234567',
          email: 'sara@example.com',
        },
      })
      .expect(201);
    const click = (who: Account | null, id: string, kind: string, status = 202) =>
      beacon(
        who,
        `/v1/properties/${id}/contact-clicks`,
        who ? { kind } : { kind, visitor: randomUUID() },
        status,
      );
    expect((await click(customer, mine.id, 'call')).results.counted).toBe(true);
    expect((await click(customer, mine.id, 'call')).results.counted).toBe(false);
    expect((await click(customer, mine.id, 'whatsapp')).results.counted).toBe(true);
    expect((await click(agent, mine.id, 'whatsapp')).results.counted).toBe(false);
    await click(customer, mine.id, 'email', 422);
    // The colleague's listing: one enquiry. The stranger's: a call.
    await h
      .call(other, 'post', `/v1/properties/${theirs.id}/enquiries`, {
        body: {
          type: 'call-back',
          name: 'Omar',
          email: 'omar@example.com',
          countryCode: '+971',
          mobile: '501234568',
        },
      })
      .expect(201);
    await click(customer, strangers.id, 'call');

    const last = (r: ListingsReport) => r.items.at(-1)!;
    // The agent: its own listing only (2 views; enquiry + appointment + call + WhatsApp = 4 leads).
    const ofAgent = await report(agent);
    expect(ofAgent.items).toHaveLength(24);
    expect(last(ofAgent)).toMatchObject({ views: 2, leads: 4 });
    expect(ofAgent.items.slice(0, -1).every((i) => i.views === 0 && i.leads === 0)).toBe(true);
    // The colleague sees its own, not mine; the company sees both; the stranger its own.
    expect(last(await report(colleague))).toMatchObject({ views: 1, leads: 1 });
    expect(last(await report(asCompany))).toMatchObject({ views: 3, leads: 5 });
    expect(last(await report(stranger))).toMatchObject({ views: 1, leads: 1 });
    // By day and week: the same today, zero-filled before.
    const days = await report(agent, '?bucket=day');
    expect(days.items).toHaveLength(31);
    expect(days.items.at(-1)).toMatchObject({ start: localDay('ae', 0), views: 2, leads: 4 });
    expect(days.items.slice(0, -1).every((i) => i.views === 0 && i.leads === 0)).toBe(true);
    expect(last(await report(agent, '?bucket=week'))).toMatchObject({ views: 2, leads: 4 });
    // A window that ended yesterday holds none of it.
    const before = await report(agent, `?bucket=day&to=${localDay('ae', -1)}`);
    expect(before.items.every((i) => i.views === 0 && i.leads === 0)).toBe(true);

    // Who may read: agents and companies (others 403), signed in (401); another site's token 401.
    await h.call(customer, 'get', '/v1/reports/listings').expect(403);
    await h.call(account('ae', 'admin'), 'get', '/v1/reports/listings').expect(403);
    await h.call(null, 'get', '/v1/reports/listings').expect(401);
    await h.call(agent, 'get', '/v1/reports/listings', { site: 'sa' }).expect(401);
  });

  it('keeps the sites apart: a Saudi agent’s report counts only Saudi views and leads', async () => {
    const agent = account('sa', 'agent');
    const listing = await published('sa', { agentId: agent.id });
    const aeTwin = await published('ae', { agentId: agent.id });
    expect((await view(account('sa', 'user'), listing.id)).results.counted).toBe(true);
    expect((await view(account('ae', 'user'), aeTwin.id)).results.counted).toBe(true);
    await beacon(account('ae', 'user'), `/v1/properties/${aeTwin.id}/contact-clicks`, { kind: 'call' }, 202);
    expect(await stored(listing.id)).toEqual([{ day: localDay('sa', 0), site: 'sa', count: 1 }]);
    const ofSaudi = await report(agent);
    expect(ofSaudi.items.at(-1)).toMatchObject({ views: 1, leads: 0 });
    // The same account id on the other site (a UAE token) reads the UAE figures.
    const ofUae = await report({ ...agent, site: 'ae' });
    expect(ofUae.items.at(-1)).toMatchObject({ views: 1, leads: 1 });
  });

  it('refuses more than its limit of beacons a minute from one address (429)', async () => {
    const listing = await published('ae');
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < BEACONS_PER_IP_PER_MINUTE; i++) await view(null, listing.id, 202, { ip });
    await view(null, listing.id, 429, { ip });
    // Another address goes on.
    expect((await view(null, listing.id, 202, { ip: '198.51.100.7' })).results.counted).toBe(true);
    expect((await stored(listing.id))[0].count).toBe(BEACONS_PER_IP_PER_MINUTE + 1);
  });
});
