import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  appointmentCanceledV1,
  appointmentSchema,
  ownedProjectSchema,
  pageSchema,
  unitSchema,
  wishlistContainsSchema,
  wishlistEntrySchema,
  zonedInstant,
  type Site,
  type WishlistEntry,
} from '@manzil/contracts';
import { account, startListings, type Account } from './lifecycle-harness.js';
import { insertProperty, insertPublishedProperty, localDay } from './properties.js';

describe('listings: wishlist and appointments (issue 14, spec §2, §4, §6, §9)', () => {
  let h: Awaited<ReturnType<typeof startListings>>;

  beforeAll(async () => {
    h = await startListings();
  });

  afterAll(async () => {
    await h?.close();
  });

  const published = (site: Site, overrides: Parameters<typeof insertProperty>[2] = {}) =>
    insertPublishedProperty(h.dataSource, site, overrides);

  describe('wishlist', () => {
    it('a customer saves, lists (paginated, last saved first), checks and removes properties', async () => {
      const [a, b] = [await published('ae'), await published('ae')];
      const user = account('ae', 'user');
      const first = await h
        .call(user, 'post', '/v1/wishlist', { body: { kind: 'property', id: a.id } })
        .expect(201);
      expect(wishlistEntrySchema.parse(first.body.results).property?.id).toBe(a.id);
      await h.call(user, 'post', '/v1/wishlist', { body: { kind: 'property', id: b.id } }).expect(201);
      // Saving again keeps one row.
      await h.call(user, 'post', '/v1/wishlist', { body: { kind: 'property', id: a.id } }).expect(201);
      const page = await h.call(user, 'get', '/v1/wishlist?limit=1').expect(200);
      const parsed = pageSchema(wishlistEntrySchema).parse(page.body.results);
      expect(parsed.total).toBe(2);
      expect(parsed.items.map((i) => i.id)).toEqual([b.id]);
      const contains = await h.call(user, 'get', `/v1/wishlist/contains?ids=${a.id},${b.id}`).expect(200);
      expect([...contains.body.results.saved].sort()).toEqual([a.id, b.id].sort());
      await h.call(user, 'delete', `/v1/wishlist/property/${a.id}`).expect(200);
      const after = await h.call(user, 'get', '/v1/wishlist').expect(200);
      expect(after.body.results.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      // A property that left the market stays listed, without its card.
      await h.dataSource.query(`UPDATE "properties" SET "state" = 'sold' WHERE "id" = $1`, [b.id]);
      const gone = await h.call(user, 'get', '/v1/wishlist').expect(200);
      expect(gone.body.results.items[0]).toMatchObject({ id: b.id, property: null });
    });

    it('agents and companies cannot add (403), visitors must log in (401), other sites see 404', async () => {
      const property = await published('ae');
      const body = { kind: 'property', id: property.id };
      const agent = account('ae', 'agent');
      const refused = await h.call(agent, 'post', '/v1/wishlist', { body, language: 'ar' }).expect(403);
      expect(refused.body.message).toBe('الحفظ في المفضلة متاح للعملاء فقط.');
      await h.call(account('ae', 'company'), 'post', '/v1/wishlist', { body }).expect(403);
      await h.call(null, 'post', '/v1/wishlist', { body }).expect(401);
      const contains = await h.call(agent, 'get', `/v1/wishlist/contains?ids=${property.id}`).expect(200);
      expect(contains.body.results.saved).toEqual([]);
      await h.call(account('sa', 'user'), 'post', '/v1/wishlist', { body }).expect(404);
      // A property's id is no project.
      await h
        .call(account('ae', 'user'), 'post', '/v1/wishlist', { body: { kind: 'project', id: property.id } })
        .expect(404);
      const pending = await insertProperty(h.dataSource, 'ae');
      await h
        .call(account('ae', 'user'), 'post', '/v1/wishlist', { body: { kind: 'property', id: pending.id } })
        .expect(404);
    });
  });

  describe('wishlist of projects and units', () => {
    const projectBody = (site: Site) => ({
      title: { en: 'Wishlist Heights', ar: 'مرتفعات المفضلة' },
      description: { en: 'Homes to keep an eye on', ar: 'منازل تستحق المتابعة' },
      developer: 'Test Developer',
      cityId: site === 'ae' ? 'ae.dubai' : 'sa.riyadh',
      totalArea: '25000',
      totalUnits: '10',
      availableUnits: '10',
      deliveryDate: '2028-06-30',
      startingPrice: '900000',
      paymentPlan: { booking: '10', construction: '60', handover: '30' },
      completion: 'offPlan',
    });
    const unitBody = {
      layout: 'apartment',
      bedrooms: '2',
      area: '140',
      price: '1500000',
      reference: 'W-101',
    };

    /** A project of `site` with `count` units through the company's API, published unless told. */
    async function project(site: Site, count = 2, publish = true) {
      const company = account(site, 'company');
      const created = ownedProjectSchema.parse(
        (await h.call(company, 'post', '/v1/projects', { body: projectBody(site) }).expect(201)).body.results,
      );
      const units: string[] = [];
      for (let i = 0; i < count; i += 1)
        units.push(
          unitSchema.parse(
            (
              await h
                .call(company, 'post', `/v1/projects/${created.id}/units`, { body: unitBody })
                .expect(201)
            ).body.results,
          ).id,
        );
      if (publish) await h.call(company, 'post', `/v1/projects/${created.id}/publish`).expect(200);
      return { id: created.id, slug: created.slug, units, company };
    }

    const save = (who: Account | null, kind: string, id: string, status = 201) =>
      h.call(who, 'post', '/v1/wishlist', { body: { kind, id } }).expect(status);
    const listOf = async (who: Account, query = '') =>
      pageSchema(wishlistEntrySchema).parse(
        (await h.call(who, 'get', `/v1/wishlist${query}`).expect(200)).body.results,
      );
    const rowsOf = async (who: Account) =>
      (
        (await h.dataSource.query(`SELECT count(*)::int AS n FROM "wishlist_items" WHERE "account_id" = $1`, [
          who.id,
        ])) as { n: number }[]
      )[0].n;

    it('a customer saves a project and a unit (with its project), idempotently, and removes them', async () => {
      const p = await project('ae');
      const user = account('ae', 'user');
      const savedProject = wishlistEntrySchema.parse((await save(user, 'project', p.id)).body.results);
      expect(savedProject).toMatchObject({ kind: 'project', id: p.id, property: null, unit: null });
      expect(savedProject.project).toMatchObject({ id: p.id, slug: p.slug, site: 'ae' });
      const savedUnit = wishlistEntrySchema.parse((await save(user, 'unit', p.units[0])).body.results);
      expect(savedUnit).toMatchObject({ kind: 'unit', id: p.units[0], property: null });
      expect(savedUnit.unit).toMatchObject({ id: p.units[0], projectId: p.id, status: 'available' });
      expect(savedUnit.project?.id).toBe(p.id);

      // Saving again keeps one row and the first date.
      const again = wishlistEntrySchema.parse((await save(user, 'unit', p.units[0])).body.results);
      expect(again.savedAt).toBe(savedUnit.savedAt);
      expect(await rowsOf(user)).toBe(2);

      const all = await listOf(user);
      expect(all.total).toBe(2);
      expect(all.items.map((i) => [i.kind, i.id])).toEqual([
        ['unit', p.units[0]],
        ['project', p.id],
      ]);
      expect(all.items[0].project?.id).toBe(p.id);
      const contains = (kind: string, ids: string[]) =>
        h.call(user, 'get', `/v1/wishlist/contains?kind=${kind}&ids=${ids.join(',')}`).expect(200);
      expect(wishlistContainsSchema.parse((await contains('project', [p.id])).body.results).saved).toEqual([
        p.id,
      ]);
      expect(wishlistContainsSchema.parse((await contains('unit', p.units)).body.results).saved).toEqual([
        p.units[0],
      ]);
      // Kinds do not mix: the project's id is not a saved unit.
      expect((await contains('unit', [p.id])).body.results.saved).toEqual([]);

      // Another customer removing it removes nothing of this one's; removing twice is no error.
      const removeUnit = async (who: Account) =>
        (await h.call(who, 'delete', `/v1/wishlist/unit/${p.units[0]}`).expect(200)).body.results.removed;
      const other = account('ae', 'user');
      const removals = [await removeUnit(other)];
      expect(await rowsOf(user)).toBe(2);
      removals.push(await removeUnit(user), await removeUnit(user));
      expect(removals).toEqual([false, true, false]);
      expect((await listOf(other)).total).toBe(0);
      expect((await listOf(user)).items.map((i) => i.id)).toEqual([p.id]);
      await h.call(user, 'delete', `/v1/wishlist/project/${p.id}`).expect(200);
      expect((await listOf(user)).total).toBe(0);
    });

    it('lists every kind a page at a time, last saved first, and filters by kind', async () => {
      const p = await project('ae', 3);
      const property = await published('ae');
      const user = account('ae', 'user');
      const saved: [WishlistEntry['kind'], string][] = [
        ['project', p.id],
        ['unit', p.units[0]],
        ['property', property.id],
        ['unit', p.units[1]],
        ['unit', p.units[2]],
      ];
      for (const [kind, id] of saved) await save(user, kind, id);
      const newestFirst = [...saved].reverse();
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await listOf(user, `?limit=2&page=${page}`));
      expect(pages.map((pg) => pg.total)).toEqual([5, 5, 5]);
      expect(pages.flatMap((pg) => pg.items.map((i) => [i.kind, i.id]))).toEqual(newestFirst);
      expect(pages[2].items).toHaveLength(1);
      expect(pages.flatMap((pg) => pg.items).find((i) => i.kind === 'property')?.property?.id).toBe(
        property.id,
      );

      const units = await listOf(user, '?kind=unit&limit=2');
      expect(units.total).toBe(3);
      expect(units.items.map((i) => i.id)).toEqual([p.units[2], p.units[1]]);
      expect(units.items.every((i) => i.unit?.projectId === p.id && i.project?.id === p.id)).toBe(true);
      const projects = await listOf(user, '?kind=project');
      expect(projects.items.map((i) => i.id)).toEqual([p.id]);
      const properties = await listOf(user, '?kind=property');
      expect(properties.items.map((i) => i.id)).toEqual([property.id]);
    });

    it('only customers save projects and units (403, a message that fits them, en and ar), visitors log in, drafts and other sites are 404', async () => {
      const p = await project('ae');
      const user = account('ae', 'user');
      for (const [kind, id] of [
        ['project', p.id],
        ['unit', p.units[0]],
      ]) {
        // The message fits a project or a unit too (it once said "properties" whatever was saved).
        const refused = (language: 'en' | 'ar') =>
          h
            .call(account('ae', 'agent'), 'post', '/v1/wishlist', { body: { kind, id }, language })
            .expect(403);
        expect((await refused('ar')).body.message).toBe('الحفظ في المفضلة متاح للعملاء فقط.');
        expect((await refused('en')).body).toMatchObject({
          message: 'Only customers can save to a wishlist.',
          results: { code: 'WISHLIST_CUSTOMERS_ONLY' },
        });
        await save(p.company, kind, id, 403);
        await save(null, kind, id, 401);
        // The Saudi site knows no such project or unit.
        await save(account('sa', 'user'), kind, id, 404);
        await h.call(account('ae', 'agent'), 'delete', `/v1/wishlist/${kind}/${id}`).expect(403);
        await h.call(null, 'delete', `/v1/wishlist/${kind}/${id}`).expect(401);
      }
      await h.call(account('ae', 'agent'), 'get', '/v1/wishlist?kind=project').expect(403);
      await h.call(null, 'get', '/v1/wishlist?kind=unit').expect(401);
      expect(await rowsOf(user)).toBe(0);

      // A draft project and its units are no one's to save; a unit's id is no project and back.
      const draft = await project('ae', 1, false);
      await save(user, 'project', draft.id, 404);
      await save(user, 'unit', draft.units[0], 404);
      await save(user, 'project', p.units[0], 404);
      await save(user, 'unit', p.id, 404);
      // A Saudi customer saves a Saudi project; the UAE list of the same account stays empty.
      const sa = await project('sa', 1);
      const saUser = account('sa', 'user');
      await save(saUser, 'unit', sa.units[0]);
      await save(account('ae', 'user'), 'unit', sa.units[0], 404);
      expect((await listOf(saUser)).items.map((i) => i.id)).toEqual([sa.units[0]]);
      expect(
        (await h.call({ ...saUser, site: 'ae' }, 'get', '/v1/wishlist').expect(200)).body.results.total,
      ).toBe(0);
      expect(await rowsOf(user)).toBe(0);
    });

    it('an unpublished project and its units stay listed without their cards; a sold unit keeps its status', async () => {
      const p = await project('ae', 2);
      const user = account('ae', 'user');
      await save(user, 'project', p.id);
      await save(user, 'unit', p.units[0]);
      await save(user, 'unit', p.units[1]);
      await h
        .call(p.company, 'patch', `/v1/projects/${p.id}/units/${p.units[1]}`, { body: { status: 'sold' } })
        .expect(200);
      const sold = (await listOf(user, '?kind=unit')).items.find((i) => i.id === p.units[1]);
      expect(sold?.unit?.status).toBe('sold');

      await h.call(account('ae', 'admin'), 'post', `/v1/projects/${p.id}/unpublish`).expect(200);
      const gone = await listOf(user);
      expect(gone.total).toBe(3);
      expect(gone.items.every((i) => i.project === null && i.unit === null && i.property === null)).toBe(
        true,
      );
      // It cannot be saved again while unpublished, but it can be removed.
      await save(account('ae', 'user'), 'project', p.id, 404);
      await h.call(user, 'delete', `/v1/wishlist/project/${p.id}`).expect(200);
      expect((await listOf(user)).total).toBe(2);
    });
  });

  describe('appointments', () => {
    const booking = (propertyId: string, date: string, time = '10:30') => ({
      kind: 'viewing',
      propertyId,
      date,
      time,
      name: 'Sara Ali',
      phone: '+971501234567',
      email: 'sara@example.com',
    });

    it('a customer books a viewing in the site’s time; the agent sees it and accepts; events are published', async () => {
      const agent = account('ae', 'agent');
      const property = await published('ae', { agentId: agent.id });
      const user = account('ae', 'user');
      const date = localDay('ae', 3);
      const created = await h
        .call(user, 'post', '/v1/appointments', { body: booking(property.id, date) })
        .expect(201);
      const appointment = appointmentSchema.parse(created.body.results);
      expect(appointment).toMatchObject({ status: 'pending', agentId: agent.id, timeZone: 'Asia/Dubai' });
      expect(appointment.startsAt).toBe(zonedInstant(date, '10:30', 'Asia/Dubai').toISOString());

      const agentList = await h.call(agent, 'get', '/v1/appointments').expect(200);
      expect(agentList.body.results.items.map((a: { id: string }) => a.id)).toEqual([appointment.id]);
      // Only the agent decides: the customer cannot (403 role), another agent finds nothing.
      await h
        .call(account('ae', 'agent'), 'post', `/v1/appointments/${appointment.id}/status`, {
          body: { status: 'accepted' },
        })
        .expect(404);
      const accepted = await h
        .call(agent, 'post', `/v1/appointments/${appointment.id}/status`, { body: { status: 'accepted' } })
        .expect(200);
      expect(accepted.body.results.status).toBe('accepted');
      await h
        .call(agent, 'post', `/v1/appointments/${appointment.id}/status`, { body: { status: 'rejected' } })
        .expect(422);
      const mine = await h.call(user, 'get', '/v1/appointments?status=accepted').expect(200);
      expect(pageSchema(appointmentSchema).parse(mine.body.results).items[0].id).toBe(appointment.id);

      const events = await h.outbox(appointment.id);
      expect(events.map((e) => `${e.type} v${e.version}`)).toEqual([
        'appointment.requested v1',
        'appointment.accepted v1',
      ]);
      expect(events[0].payload).toMatchObject({
        customerId: user.id,
        agentId: agent.id,
        property: { id: property.id },
      });
    });

    it('never double-books an agent’s slot, even when two customers press at once; a rejection frees it', async () => {
      const agent = account('sa', 'agent');
      const property = await published('sa', { agentId: agent.id });
      const date = localDay('sa', 5);
      const customers = Array.from({ length: 6 }, () => account('sa', 'user'));
      const results = await Promise.allSettled(
        customers.map((c) =>
          h.call(c, 'post', '/v1/appointments', { body: booking(property.id, date, '16:00') }).expect(201),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const [{ n }] = (await h.dataSource.query(
        `SELECT count(*)::int AS n FROM "appointments" WHERE "agent_id" = $1`,
        [agent.id],
      )) as { n: number }[];
      expect(n).toBe(1);
      const taken = await h
        .call(account('sa', 'user'), 'post', '/v1/appointments', {
          body: booking(property.id, date, '16:00'),
          language: 'en',
        })
        .expect(422);
      expect(taken.body.message).toBe(
        'The agent already has an appointment at this time. Please choose another time.',
      );
      // Another half-hour of the same agent is free.
      await h
        .call(customers[0], 'post', '/v1/appointments', { body: booking(property.id, date, '16:30') })
        .expect(201);
      const [{ id }] = (await h.dataSource.query(
        `SELECT "id" FROM "appointments" WHERE "agent_id" = $1 AND "starts_at" = $2`,
        [agent.id, zonedInstant(date, '16:00', 'Asia/Riyadh')],
      )) as { id: string }[];
      await h
        .call(agent, 'post', `/v1/appointments/${id}/status`, { body: { status: 'rejected' } })
        .expect(200);
      await h
        .call(customers[1], 'post', '/v1/appointments', { body: booking(property.id, date, '16:00') })
        .expect(201);
    });

    it('refuses the past, a bad slot, a meeting with an unknown agent, and non-customers', async () => {
      const agent = account('ae', 'agent');
      const property = await published('ae', { agentId: agent.id });
      const user = account('ae', 'user');
      const past = await h
        .call(user, 'post', '/v1/appointments', {
          body: booking(property.id, localDay('ae', -2)),
          language: 'ar',
        })
        .expect(422);
      expect(past.body.results.fields).toEqual([{ field: 'time', message: 'يرجى اختيار وقت في المستقبل.' }]);
      await h
        .call(user, 'post', '/v1/appointments', { body: booking(property.id, localDay('ae', 2), '10:10') })
        .expect(422);
      await h
        .call(user, 'post', '/v1/appointments', {
          body: {
            ...booking(property.id, localDay('ae', 2)),
            kind: 'meeting',
            propertyId: undefined,
            agentId: agent.id,
          },
        })
        .expect(422);
      await h.announceApplied('ae', [{ registered: agent }]);
      await h
        .call(user, 'post', '/v1/appointments', {
          body: {
            ...booking(property.id, localDay('ae', 2)),
            kind: 'meeting',
            propertyId: undefined,
            agentId: agent.id,
          },
        })
        .expect(201);
      await h
        .call(agent, 'post', '/v1/appointments', { body: booking(property.id, localDay('ae', 2)) })
        .expect(403);
      await h.call(null, 'get', '/v1/appointments').expect(401);
    });

    it('the customer who booked cancels a pending or accepted appointment; the slot frees; the agent is told by event', async () => {
      const agent = account('ae', 'agent');
      const property = await published('ae', { agentId: agent.id });
      const user = account('ae', 'user');
      const date = localDay('ae', 4);
      const book = (who: typeof user, time: string) =>
        h.call(who, 'post', '/v1/appointments', { body: booking(property.id, date, time) });
      const pending = appointmentSchema.parse((await book(user, '11:00').expect(201)).body.results);
      const accepted = appointmentSchema.parse((await book(user, '11:30').expect(201)).body.results);
      await h
        .call(agent, 'post', `/v1/appointments/${accepted.id}/status`, { body: { status: 'accepted' } })
        .expect(200);

      // Only the customer who booked: another customer and another site find nothing; the agent
      // and the company cannot (role), a visitor must log in.
      await h.call(account('ae', 'user'), 'post', `/v1/appointments/${pending.id}/cancel`).expect(404);
      const sa = { ...user, site: 'sa' as const };
      await h.call(sa, 'post', `/v1/appointments/${pending.id}/cancel`).expect(404);
      await h.call(agent, 'post', `/v1/appointments/${pending.id}/cancel`).expect(403);
      await h.call(account('ae', 'company'), 'post', `/v1/appointments/${pending.id}/cancel`).expect(403);
      await h.call(null, 'post', `/v1/appointments/${pending.id}/cancel`).expect(401);

      for (const appointment of [pending, accepted]) {
        const canceled = await h.call(user, 'post', `/v1/appointments/${appointment.id}/cancel`).expect(200);
        expect(appointmentSchema.parse(canceled.body.results).status).toBe('canceled');
      }
      // Twice, or a rejected one: 422 in the request's language.
      const again = await h
        .call(user, 'post', `/v1/appointments/${pending.id}/cancel`, { language: 'ar' })
        .expect(422);
      expect(again.body.message).toBe('لم يعد بالإمكان إلغاء هذا الموعد.');
      const rejected = appointmentSchema.parse((await book(user, '12:00').expect(201)).body.results);
      await h
        .call(agent, 'post', `/v1/appointments/${rejected.id}/status`, { body: { status: 'rejected' } })
        .expect(200);
      await h.call(user, 'post', `/v1/appointments/${rejected.id}/cancel`).expect(422);
      // The agent can no longer decide a canceled one.
      await h
        .call(agent, 'post', `/v1/appointments/${pending.id}/status`, { body: { status: 'accepted' } })
        .expect(422);
      const mine = await h.call(user, 'get', '/v1/appointments?status=canceled').expect(200);
      expect(mine.body.results.items.map((a: { id: string }) => a.id).sort()).toEqual(
        [pending.id, accepted.id].sort(),
      );

      // The slot is free again: another customer books the accepted one's half-hour.
      await book(account('ae', 'user'), '11:30').expect(201);

      for (const [appointment, previousStatus] of [
        [pending, 'pending'],
        [accepted, 'accepted'],
      ] as const) {
        const events = await h.outbox(appointment.id);
        const canceled = events.filter((e) => e.type === 'appointment.canceled');
        expect(canceled.map((e) => e.version)).toEqual([1]);
        expect(appointmentCanceledV1.payload.parse(canceled[0].payload)).toMatchObject({
          appointmentId: appointment.id,
          agentId: agent.id,
          customerId: user.id,
          previousStatus,
          property: { id: property.id },
        });
      }
    });
  });
});
