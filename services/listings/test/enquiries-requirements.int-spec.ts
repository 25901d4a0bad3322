import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  agentResponseSchema,
  enquiryReceivedV1,
  enquirySchema,
  pageSchema,
  presentationSchema,
  projectDetailSchema,
  projectPresentationSchema,
  requirementSchema,
  type Site,
} from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { startListings, type Account } from './lifecycle-harness.js';
import { insertProperty, insertPublishedProperty } from './properties.js';
import { projectProposalHtml, proposalHtml } from '../src/presentations/proposal-pdf.js';

const account = (role: Account['role'], site: Site, companyId?: string): Account => ({
  id: randomUUID(),
  role,
  site,
  companyId,
});
/**
 * Text as pdftotext gives it, compared without what its bidi pass moves: its direction marks
 * (U+202A–U+202E), the place of short vowels (tanwin) on their letter, and the space beside an
 * Arabic comma.
 */
const asExtracted = (text: string) =>
  text
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\u064b-\u0652]/g, '')
    .replace(/\s*،\s*/g, '،')
    .replace(/\s+/g, ' ');
/**
 * GETs a proposal's PDF (anyone may) and reads it back with pdftotext: its headers, and its
 * text as pdftotext gives it.
 */
async function pdfAsText(
  app: Parameters<typeof request>[0],
  site: Site,
  path: string,
): Promise<{ headers: Record<string, string>; text: string }> {
  const response = await request(app)
    .get(path)
    .set('x-site', site)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const pdf = response.body as Buffer;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(mkdtempSync(join(tmpdir(), 'proposal-')), 'proposal.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { headers: response.headers as Record<string, string>, text };
}
const byField = (body: { results: { fields: { field: string; message: string }[] } }) =>
  Object.fromEntries(body.results.fields.map((f) => [f.field, f.message]));

const pageProjects = pageSchema(projectDetailSchema);

describe('listings: enquiries, requirements and presentations (issue 14)', () => {
  let h: Awaited<ReturnType<typeof startListings>>;

  beforeAll(async () => {
    h = await startListings();
  });

  afterAll(async () => {
    await h?.close();
  });

  const published = (site: Site, overrides: Parameters<typeof insertProperty>[2] = {}) =>
    insertPublishedProperty(h.dataSource, site, overrides);

  const enquiry = {
    type: 'book-viewing',
    name: '  Sara   Ali ',
    email: 'Sara@Example.com',
    countryCode: '+971',
    mobile: '٥٠١٢٣٤٥٦٧',
    message: 'Is Saturday possible?',
  };

  describe('enquiries', () => {
    it('stores a customer’s enquiry, lists it for the agent and the company, and publishes enquiry.received', async () => {
      const company = randomUUID();
      const agent = account('agent', 'ae', company);
      const property = await published('ae', { agentId: agent.id, companyId: company });
      const customer = account('user', 'ae');
      const sent = await h
        .call(customer, 'post', `/v1/properties/${property.id}/enquiries`, { body: enquiry })
        .expect(201);
      const stored = enquirySchema.parse(sent.body.results);
      expect(stored).toMatchObject({
        type: 'book-viewing',
        name: 'Sara Ali',
        email: 'sara@example.com',
        phone: '+971501234567',
        respondedAt: null,
        property: { slug: property.slug },
      });
      const [event] = await h.outbox(stored.id);
      expect(event).toMatchObject({ type: 'enquiry.received', version: 1, site: 'ae' });
      expect(enquiryReceivedV1.payload.parse(event.payload)).toMatchObject({
        enquiryId: stored.id,
        agentId: agent.id,
        companyId: company,
        customer: { id: customer.id, email: 'sara@example.com' },
      });
      const [{ topic }] = (await h.dataSource.query(`SELECT "topic" FROM "outbox" WHERE "key" = $1`, [
        stored.id,
      ])) as { topic: string }[];
      expect(topic).toBe('listings.enquiry');

      const list = await h.call(agent, 'get', '/v1/agent/enquiries?page=1&limit=5').expect(200);
      const page = pageSchema(enquirySchema).parse(list.body.results);
      expect(page.items.map((e) => e.id)).toEqual([stored.id]);
      expect(page.total).toBe(1);
      const companyView = await h.call(account('company', 'ae'), 'get', '/v1/agent/enquiries').expect(200);
      expect(companyView.body.results.items).toEqual([]);
      const asCompany: Account = { id: company, role: 'company', site: 'ae' };
      const ofCompany = await h.call(asCompany, 'get', '/v1/agent/enquiries').expect(200);
      expect(ofCompany.body.results.items.map((e: { id: string }) => e.id)).toEqual([stored.id]);
      // Another agent cannot see or answer it.
      const other = account('agent', 'ae');
      expect((await h.call(other, 'get', '/v1/agent/enquiries').expect(200)).body.results.total).toBe(0);
      await h.call(other, 'post', `/v1/agent/enquiries/${stored.id}/responded`).expect(404);
      const answered = await h.call(agent, 'post', `/v1/agent/enquiries/${stored.id}/responded`).expect(201);
      expect(enquirySchema.parse(answered.body.results).respondedAt).not.toBeNull();
      const open = await h.call(agent, 'get', '/v1/agent/enquiries?status=open').expect(200);
      expect(open.body.results.total).toBe(0);
    });

    it('names each bad field in the request’s language and stores nothing; needs a customer’s login', async () => {
      const property = await published('sa');
      const customer = account('user', 'sa');
      const bad = { type: 'complaint', name: 'S', email: 'nope', countryCode: '+966', mobile: '12' };
      const ar = await h
        .call(customer, 'post', `/v1/properties/${property.id}/enquiries`, { body: bad, language: 'ar' })
        .expect(422);
      expect(byField(ar.body)).toEqual({
        type: 'يرجى اختيار نوع الاستفسار.',
        name: 'يجب أن يتكون الاسم من 2 إلى 50 حرفًا.',
        email: 'يرجى إدخال بريد إلكتروني صحيح.',
        mobile: 'يجب أن يتكون رقم الجوال من 8 إلى 12 رقمًا.',
      });
      await h.call(null, 'post', `/v1/properties/${property.id}/enquiries`, { body: enquiry }).expect(401);
      await h
        .call(account('agent', 'sa'), 'post', `/v1/properties/${property.id}/enquiries`, { body: enquiry })
        .expect(403);
      await h
        .call(account('user', 'ae'), 'post', `/v1/properties/${property.id}/enquiries`, { body: enquiry })
        .expect(404);
      const pending = await insertProperty(h.dataSource, 'sa');
      await h.call(customer, 'post', `/v1/properties/${pending.id}/enquiries`, { body: enquiry }).expect(404);
      const [{ n }] = (await h.dataSource.query(
        `SELECT count(*)::int AS n FROM "enquiries" WHERE "property_id" = $1`,
        [property.id],
      )) as { n: number }[];
      expect(n).toBe(0);
    });

    it('claims "typically responds within 5 minutes" only when the measured median supports it', async () => {
      const agent = account('agent', 'ae');
      const property = await published('ae', { agentId: agent.id });
      const claim = async () =>
        agentResponseSchema.parse(
          (await h.call(null, 'get', `/v1/properties/${property.id}/agent-response`).expect(200)).body
            .results,
        );
      expect(await claim()).toEqual({ medianMinutes: null, sample: 0, respondsFast: false });
      const insert = (minutesAgo: number, answeredAfter: number | null) =>
        h.dataSource.query(
          `INSERT INTO "enquiries" ("id", "site", "property_id", "agent_id", "customer_id", "type", "name", "email", "phone", "created_at", "responded_at")
           VALUES ($1, 'ae', $2, $3, $4, 'general', 'X', 'x@example.com', '+971500000000',
                   now() - make_interval(mins => $5), CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(mins => $5) + make_interval(mins => $6::int) END)`,
          [randomUUID(), property.id, agent.id, randomUUID(), minutesAgo, answeredAfter],
        );
      await insert(600, 2);
      await insert(500, 4);
      await insert(400, 3);
      expect(await claim()).toEqual({ medianMinutes: 3, sample: 3, respondsFast: true });
      // Open for less than a day: not decided yet, not counted.
      await insert(10, null);
      expect((await claim()).sample).toBe(3);
      // Ignored for more than a day: counts as slow (a day); two of five keep the median fast,
      // three of six do not.
      await insert(3000, null);
      await insert(2900, null);
      expect(await claim()).toEqual({ medianMinutes: 4, sample: 5, respondsFast: true });
      await insert(2800, null);
      const slow = await claim();
      expect(slow.sample).toBe(6);
      expect(slow.respondsFast).toBe(false);
    });
  });

  describe('requirements', () => {
    const requirement = {
      name: 'Khalid',
      cityId: 'ae.dubai',
      subLocation: 'Dubai Marina',
      budgetMin: '1,500,000',
      budgetMax: '2000000',
      propertyKind: 'apartment',
      requestType: 'buy',
      category: 'residential',
      finance: 'mortgage',
      email: 'khalid@example.com',
      countryCode: '+971',
      mobile: '501112223',
    };

    it('keeps the budget rule with the spec’s message in both languages', async () => {
      const customer = account('user', 'ae');
      const en = await h
        .call(customer, 'post', '/v1/requirements', { body: { ...requirement, budgetMax: '1500000' } })
        .expect(422);
      expect(byField(en.body)).toEqual({ budgetMax: 'Budget minimum must be below budget maximum.' });
      const ar = await h
        .call(customer, 'post', '/v1/requirements', {
          body: { ...requirement, budgetMin: '3000000' },
          language: 'ar',
        })
        .expect(422);
      expect(byField(ar.body)).toEqual({
        budgetMax: 'يجب أن يكون الحد الأدنى للميزانية أقل من الحد الأقصى للميزانية.',
      });
    });

    it('keeps the agreement status the customer offers, in the contracts’ vocabulary only', async () => {
      const customer = account('user', 'ae');
      const wrong = await h
        .call(customer, 'post', '/v1/requirements', {
          body: { ...requirement, agreementStatus: 'exclusive-plus' },
          language: 'ar',
        })
        .expect(422);
      expect(byField(wrong.body)).toEqual({ agreementStatus: 'يرجى اختيار حصري أو غير حصري أو مشترك.' });
      const shared = requirementSchema.parse(
        (
          await h
            .call(customer, 'post', '/v1/requirements', {
              body: { ...requirement, agreementStatus: 'shared' },
            })
            .expect(201)
        ).body.results,
      );
      expect(shared.agreementStatus).toBe('shared');
      const unsaid = requirementSchema.parse(
        (
          await h
            .call(customer, 'post', '/v1/requirements', { body: { ...requirement, agreementStatus: '' } })
            .expect(201)
        ).body.results,
      );
      expect(unsaid.agreementStatus).toBeNull();
      const mine = await h.call(customer, 'get', '/v1/requirements/mine').expect(200);
      expect(
        pageSchema(requirementSchema)
          .parse(mine.body.results)
          .items.map((r) => r.agreementStatus),
      ).toEqual([null, 'shared']);
    });

    it('asks individual or corporate on the Saudi site, and shows a requirement to matching agents only', async () => {
      const saCustomer = account('user', 'sa');
      const saBody = { ...requirement, cityId: 'sa.riyadh', countryCode: '+966' };
      const missing = await h.call(saCustomer, 'post', '/v1/requirements', { body: saBody }).expect(422);
      expect(Object.keys(byField(missing.body))).toEqual(['userType']);
      await h
        .call(saCustomer, 'post', '/v1/requirements', {
          body: { ...saBody, cityId: 'ae.dubai', userType: 'individual' },
        })
        .expect(422);
      const created = await h
        .call(saCustomer, 'post', '/v1/requirements', { body: { ...saBody, userType: 'corporate' } })
        .expect(201);
      const saved = requirementSchema.parse(created.body.results);
      expect(saved).toMatchObject({ userType: 'corporate', budgetMin: 1_500_000, status: 'open' });
      expect(saved.city.name.ar).toBeTruthy();

      const matching = account('agent', 'sa');
      await published('sa', {
        agentId: matching.id,
        draft: { cityId: 'sa.riyadh' },
        propertyType: 'buy',
        kind: 'apartment',
      });
      const wrongKind = account('agent', 'sa');
      await published('sa', { agentId: wrongKind.id, draft: { cityId: 'sa.riyadh' }, kind: 'villa' });
      const wrongPurpose = account('agent', 'sa');
      await published('sa', {
        agentId: wrongPurpose.id,
        draft: { cityId: 'sa.riyadh' },
        propertyType: 'rent',
      });
      const wrongCity = account('agent', 'sa');
      await published('sa', { agentId: wrongCity.id, draft: { cityId: 'sa.jeddah' } });

      const seen = await h.call(matching, 'get', '/v1/agent/requirements?limit=10').expect(200);
      const page = pageSchema(requirementSchema).parse(seen.body.results);
      expect(page.items.map((r) => r.id)).toEqual([saved.id]);
      for (const agent of [wrongKind, wrongPurpose, wrongCity])
        expect((await h.call(agent, 'get', '/v1/agent/requirements').expect(200)).body.results.total).toBe(0);
      const mine = await h.call(saCustomer, 'get', '/v1/requirements/mine').expect(200);
      expect(mine.body.results.items.map((r: { id: string }) => r.id)).toEqual([saved.id]);
      await h.call(matching, 'post', '/v1/requirements', { body: saBody }).expect(403);
      await h.call(saCustomer, 'get', '/v1/agent/requirements').expect(403);
    });

    it('the customer lists (paginated), closes, reopens and deletes their own requirements only', async () => {
      const customer = account('user', 'ae');
      const other = account('user', 'ae');
      const post = async (who: Account, name: string) =>
        requirementSchema.parse(
          (await h.call(who, 'post', '/v1/requirements', { body: { ...requirement, name } }).expect(201)).body
            .results,
        );
      const first = await post(customer, 'First');
      const second = await post(customer, 'Second');
      const theirs = await post(other, 'Theirs');
      const agent = account('agent', 'ae');
      await published('ae', { agentId: agent.id, draft: { cityId: 'ae.dubai' }, propertyType: 'buy' });
      const seenBy = async () =>
        (
          (await h.call(agent, 'get', '/v1/agent/requirements?limit=50').expect(200)).body.results.items as {
            id: string;
          }[]
        ).map((r) => r.id);
      expect(await seenBy()).toEqual(expect.arrayContaining([first.id, second.id]));

      const pageOne = pageSchema(requirementSchema).parse(
        (await h.call(customer, 'get', '/v1/requirements/mine?limit=1').expect(200)).body.results,
      );
      expect(pageOne).toMatchObject({ total: 2, limit: 1 });
      expect(pageOne.items.map((r) => r.id)).toEqual([second.id]);

      // Closing hides it from matching agents; reopening shows it again.
      const closed = await h
        .call(customer, 'post', `/v1/requirements/${first.id}/status`, { body: { status: 'closed' } })
        .expect(200);
      expect(requirementSchema.parse(closed.body.results).status).toBe('closed');
      expect(await seenBy()).not.toContain(first.id);
      await h
        .call(customer, 'post', `/v1/requirements/${first.id}/status`, { body: { status: 'open' } })
        .expect(200);
      expect(await seenBy()).toContain(first.id);
      await h
        .call(customer, 'post', `/v1/requirements/${first.id}/status`, { body: { status: 'done' } })
        .expect(422);

      // Someone else's, another site's: 404; agents cannot (role); visitors must log in.
      await h
        .call(customer, 'post', `/v1/requirements/${theirs.id}/status`, { body: { status: 'closed' } })
        .expect(404);
      await h.call(customer, 'delete', `/v1/requirements/${theirs.id}`).expect(404);
      await h.call({ ...customer, site: 'sa' }, 'delete', `/v1/requirements/${first.id}`).expect(404);
      await h.call(agent, 'delete', `/v1/requirements/${first.id}`).expect(403);
      await h.call(null, 'delete', `/v1/requirements/${first.id}`).expect(401);

      const removed = await h.call(customer, 'delete', `/v1/requirements/${first.id}`).expect(200);
      expect(removed.body.results).toEqual({ removed: true });
      await h.call(customer, 'delete', `/v1/requirements/${first.id}`).expect(404);
      const left = await h.call(customer, 'get', '/v1/requirements/mine').expect(200);
      expect(left.body.results.items.map((r: { id: string }) => r.id)).toEqual([second.id]);
      expect((await h.call(other, 'get', '/v1/requirements/mine').expect(200)).body.results.total).toBe(1);
    });
  });

  describe('presentations', () => {
    it('shares an agent’s own public listings by link; others’ listings are refused; unknown links 404', async () => {
      const agent = account('agent', 'ae');
      const mine = await published('ae', { agentId: agent.id, titleEn: 'Marina loft' });
      const notMine = await published('ae');
      const bad = await h
        .call(agent, 'post', '/v1/agent/presentations', { body: { propertyIds: [mine.id, notMine.id] } })
        .expect(422);
      expect(byField(bad.body)).toEqual({ propertyIds: 'Please choose at least one of your listings.' });
      const created = await h
        .call(agent, 'post', '/v1/agent/presentations', {
          body: { propertyIds: [mine.id], message: 'As we discussed' },
        })
        .expect(201);
      const shared = presentationSchema.parse(created.body.results);
      const link = await h.call(null, 'get', `/v1/presentations/${shared.id}`).expect(200);
      expect(presentationSchema.parse(link.body.results)).toMatchObject({
        message: 'As we discussed',
        properties: [{ id: mine.id, title: { en: 'Marina loft' } }],
      });
      await h.call(null, 'get', `/v1/presentations/${shared.id}`, { site: 'sa' }).expect(404);
      await h.call(null, 'get', `/v1/presentations/${randomUUID()}`).expect(404);
      await h.call(null, 'get', '/v1/presentations/not-an-id').expect(422);
      const list = await h.call(agent, 'get', '/v1/agent/presentations').expect(200);
      expect(list.body.results.items.map((p: { id: string }) => p.id)).toEqual([shared.id]);
      await h.call(account('user', 'ae'), 'get', '/v1/agent/presentations').expect(403);
    });

    it('prints the Arabic proposal with Chromium: pdftotext reads the page’s words, joined and in order', async () => {
      const agent = account('agent', 'sa');
      const villa = await published('sa', {
        agentId: agent.id,
        titleAr: 'فيلا فاخرة في حي الملقا',
        communityAr: 'الملقا',
        cityAr: 'الرياض',
      });
      const token = await tokenFor('agent', { site: 'sa', sub: agent.id });
      const created = await request(h.app.getHttpServer())
        .post('/v1/agent/presentations')
        .set('x-site', 'sa')
        .set('authorization', `Bearer ${token}`)
        .send({ propertyIds: [villa.id], message: 'مرحبًا، هذه الفيلا التي تحدثنا عنها' })
        .expect(201);
      const shared = presentationSchema.parse(created.body.results);
      const { headers, text } = await pdfAsText(
        h.app.getHttpServer(),
        'sa',
        `/v1/presentations/${shared.id}/pdf?language=ar`,
      );
      expect(headers['content-type']).toContain('application/pdf');
      const html = proposalHtml(shared, 'ar');
      // pdftotext writes a ligature glyph's letters in the order it draws them: the lam-alef
      // ligature (which only exists when the letters were shaped, i.e. joined) comes out «ال».
      // That is how the reader extracts, not what the PDF shows; the expectation says it too.
      expect(text).toContain('فيال فاخرة');
      for (const phrase of [
        'عرض عقاري',
        'فيلا فاخرة في حي الملقا',
        'مرحبًا، هذه الفيلا التي تحدثنا عنها',
        'الملقا، الرياض',
      ]) {
        expect(html).toContain(phrase);
        expect(asExtracted(text)).toContain(asExtracted(phrase.replace(/لا/g, 'ال')));
      }
      // The words come in reading order: the title before the place, the place before the price.
      const flat = asExtracted(text);
      expect(flat.indexOf(asExtracted('فيال فاخرة'))).toBeLessThan(
        flat.indexOf(asExtracted('الملقا، الرياض')),
      );
      expect(flat.indexOf(asExtracted('الملقا، الرياض'))).toBeLessThan(flat.indexOf('1,000,000 SAR'));
    }, 60_000);
  });

  describe('project presentations', () => {
    const projectBody = (site: Site, titleEn: string, titleAr: string) => ({
      title: { en: titleEn, ar: titleAr },
      description: { en: 'Sea views', ar: 'إطلالات بحرية' },
      developer: site === 'ae' ? 'Emaar' : 'روشن',
      cityId: site === 'ae' ? 'ae.dubai' : 'sa.riyadh',
      totalArea: '25000',
      totalUnits: '120',
      availableUnits: '40',
      deliveryDate: '2028-06-30',
      startingPrice: '1250000',
      paymentPlan: { booking: '10', construction: '60', handover: '30' },
      completion: 'offPlan',
    });
    const unit = { layout: 'apartment', bedrooms: '2', area: '1200', price: '1500000' };
    /** A company's published project with two units, one of them sold. */
    async function publishedProject(company: Account, titleEn: string, titleAr: string) {
      const created = await h
        .call(company, 'post', '/v1/projects', { body: projectBody(company.site, titleEn, titleAr) })
        .expect(201);
      const id = created.body.results.id as string;
      await h.call(company, 'post', `/v1/projects/${id}/units`, { body: unit }).expect(201);
      const sold = await h
        .call(company, 'post', `/v1/projects/${id}/units`, { body: { ...unit, price: '1400000' } })
        .expect(201);
      await h
        .call(company, 'patch', `/v1/projects/${id}/units/${sold.body.results.id}`, {
          body: { status: 'sold' },
        })
        .expect(200);
      await h.call(company, 'post', `/v1/projects/${id}/publish`).expect(200);
      return id;
    }

    it('an agent proposes their company’s published projects (a freelancer any of the site); others are refused', async () => {
      const company = account('company', 'ae');
      const other = account('company', 'ae');
      const mine = await publishedProject(company, 'Marina Vista', 'مارينا فيستا');
      const theirs = await publishedProject(other, 'Creek Rise', 'كريك رايز');
      const draft = await h
        .call(company, 'post', '/v1/projects', { body: projectBody('ae', 'Draft Tower', 'برج مسودة') })
        .expect(201);
      const agent = account('agent', 'ae', company.id);

      const choosable = await h.call(agent, 'get', '/v1/agent/proposable-projects').expect(200);
      expect(choosable.body.results.items.map((p: { id: string }) => p.id)).toEqual([mine]);
      for (const refused of [[mine, theirs], [draft.body.results.id as string]])
        expect(
          byField(
            (
              await h
                .call(agent, 'post', '/v1/agent/project-presentations', { body: { projectIds: refused } })
                .expect(422)
            ).body,
          ),
        ).toEqual({ projectIds: 'Please choose at least one project you may propose.' });

      const created = await h
        .call(agent, 'post', '/v1/agent/project-presentations', {
          body: { projectIds: [mine], message: 'The launch we discussed' },
        })
        .expect(201);
      const shared = projectPresentationSchema.parse(created.body.results);
      const link = projectPresentationSchema.parse(
        (await h.call(null, 'get', `/v1/project-presentations/${shared.id}`).expect(200)).body.results,
      );
      expect(link).toMatchObject({ kind: 'projects', message: 'The launch we discussed' });
      expect(link.projects.map((p) => p.title.en)).toEqual(['Marina Vista']);
      // Only the units still available: the sold one drops out.
      expect(link.projects[0].units.map((u) => [u.price, u.status])).toEqual([[1_500_000, 'available']]);
      // A project proposal is not a property proposal's link, nor another site's.
      await h.call(null, 'get', `/v1/presentations/${shared.id}`).expect(404);
      await h.call(null, 'get', `/v1/project-presentations/${shared.id}`, { site: 'sa' }).expect(404);
      await h.call(null, 'get', `/v1/project-presentations/${randomUUID()}`).expect(404);
      await h.call(null, 'get', '/v1/project-presentations/not-an-id').expect(422);
      const list = await h.call(agent, 'get', '/v1/agent/project-presentations').expect(200);
      expect(list.body.results.items.map((p: { id: string }) => p.id)).toEqual([shared.id]);
      expect((await h.call(agent, 'get', '/v1/agent/presentations').expect(200)).body.results.total).toBe(0);

      // The company proposes its own; a freelance agent any published project of the site.
      await h
        .call(company, 'post', '/v1/agent/project-presentations', { body: { projectIds: [theirs] } })
        .expect(422);
      await h
        .call(company, 'post', '/v1/agent/project-presentations', { body: { projectIds: [mine] } })
        .expect(201);
      await h
        .call(account('agent', 'ae'), 'post', '/v1/agent/project-presentations', {
          body: { projectIds: [mine, theirs] },
        })
        .expect(201);
      await h.call(account('user', 'ae'), 'get', '/v1/agent/proposable-projects').expect(403);
      await h
        .call(account('user', 'ae'), 'post', '/v1/agent/project-presentations', {
          body: { projectIds: [mine] },
        })
        .expect(403);
    });

    it('prints the Arabic project proposal with Chromium: pdftotext reads the page’s words in order', async () => {
      const company = account('company', 'sa');
      const project = await publishedProject(company, 'Riyadh Gardens', 'حدائق الرياض');
      const token = await tokenFor('company', { site: 'sa', sub: company.id });
      const created = await request(h.app.getHttpServer())
        .post('/v1/agent/project-presentations')
        .set('x-site', 'sa')
        .set('authorization', `Bearer ${token}`)
        .send({ projectIds: [project], message: 'مرحبًا، هذا المشروع الذي تحدثنا عنه' })
        .expect(201);
      const shared = projectPresentationSchema.parse(created.body.results);
      const { headers, text } = await pdfAsText(
        h.app.getHttpServer(),
        'sa',
        `/v1/project-presentations/${shared.id}/pdf?language=ar`,
      );
      expect(headers['content-type']).toContain('application/pdf');
      expect(headers['content-disposition']).toContain('project-proposal-');
      const html = projectProposalHtml(shared, 'ar');
      const flat = asExtracted(text);
      // As above: the lam-alef ligature's letters come out «ال» (drawing order).
      const phrases = [
        'عرض مشاريع',
        'مرحبًا، هذا المشروع الذي تحدثنا عنه',
        'حدائق الرياض',
        // The completion label («على الخريطة»): its lam-yeh ligature comes out reversed too.
        'الخريطة',
        'الوحدات المتاحة',
      ];
      for (const phrase of phrases) {
        expect(html).toContain(phrase);
        expect(flat).toContain(asExtracted(phrase.replace(/لا/g, 'ال')));
      }
      // Reading order: the heading, the message, the project, its place, then its unit's price.
      const at = phrases.map((phrase) => flat.indexOf(asExtracted(phrase.replace(/لا/g, 'ال'))));
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(flat.indexOf('1,500,000 SAR')).toBeGreaterThan(at[4]);
      expect(flat).not.toContain('1,400,000 SAR');
    }, 60_000);

    /** The units of a project as stored: price → id, and the sold one's id. */
    async function unitsOf(project: string): Promise<Map<number, string>> {
      const rows = (await h.dataSource.query(
        `SELECT "id", "price" FROM "project_units" WHERE "project_id" = $1`,
        [project],
      )) as { id: string; price: string }[];
      return new Map(rows.map((row) => [Number(row.price), row.id]));
    }
    const addUnit = (company: Account, project: string, price: string) =>
      h.call(company, 'post', `/v1/projects/${project}/units`, { body: { ...unit, price } }).expect(201);

    it('a company picks available units of its own chosen projects; other units are refused; the link shows the picked ones', async () => {
      const company = account('company', 'ae');
      const other = account('company', 'ae');
      const tower = await publishedProject(company, 'Harbour Tower', 'برج الميناء');
      await addUnit(company, tower, '1600000');
      const park = await publishedProject(company, 'Park Lane', 'بارك لين');
      const theirs = await publishedProject(other, 'Creek Rise', 'كريك رايز');
      const towerUnits = await unitsOf(tower);
      const [parkUnit, theirUnit] = [
        (await unitsOf(park)).get(1_500_000)!,
        (await unitsOf(theirs)).get(1_500_000)!,
      ];

      // What the company may pick from: its published projects with their available units only.
      const choosable = pageProjects.parse(
        (await h.call(company, 'get', '/v1/agent/proposable-projects').expect(200)).body.results,
      );
      expect(choosable.items.map((p) => [p.title.en, p.units.map((u) => u.price)])).toEqual([
        ['Park Lane', [1_500_000]],
        ['Harbour Tower', [1_500_000, 1_600_000]],
      ]);

      const refusedUnits = {
        unitIds: 'Please pick only available units of the chosen projects.',
      };
      for (const unitIds of [
        [theirUnit], // another company's project
        [towerUnits.get(1_400_000)!], // sold
        [parkUnit], // a project of its own, but not chosen
        [randomUUID()], // no such unit
      ])
        expect(
          byField(
            (
              await h
                .call(company, 'post', '/v1/agent/project-presentations', {
                  body: { projectIds: [tower], unitIds },
                })
                .expect(422)
            ).body,
          ),
        ).toEqual(refusedUnits);
      // Another company's project itself, even with no unit picked.
      await h
        .call(company, 'post', '/v1/agent/project-presentations', { body: { projectIds: [theirs] } })
        .expect(422);
      const arabic = await h
        .call(company, 'post', '/v1/agent/project-presentations', {
          body: { projectIds: [tower], unitIds: [theirUnit] },
          language: 'ar',
        })
        .expect(422);
      expect(byField(arabic.body)).toEqual({ unitIds: 'يرجى اختيار وحدات متاحة من المشاريع المختارة فقط.' });

      const created = await h
        .call(company, 'post', '/v1/agent/project-presentations', {
          body: { projectIds: [tower, park], unitIds: [towerUnits.get(1_600_000)!] },
        })
        .expect(201);
      const shared = projectPresentationSchema.parse(created.body.results);
      const shown = () =>
        h
          .call(null, 'get', `/v1/project-presentations/${shared.id}`)
          .expect(200)
          .then((res) =>
            projectPresentationSchema
              .parse(res.body.results)
              .projects.map((p) => [p.title.en, p.unitsPicked, p.units.map((u) => u.price)]),
          );
      // The tower shows its picked unit only; the park, none of whose units was picked, all its available ones.
      expect(await shown()).toEqual([
        ['Harbour Tower', true, [1_600_000]],
        ['Park Lane', false, [1_500_000]],
      ]);
      // The picked unit sold since: the tower shows no unit rather than the ones not picked.
      await h
        .call(company, 'patch', `/v1/projects/${tower}/units/${towerUnits.get(1_600_000)!}`, {
          body: { status: 'sold' },
        })
        .expect(200);
      expect(await shown()).toEqual([
        ['Harbour Tower', true, []],
        ['Park Lane', false, [1_500_000]],
      ]);
    });

    it('prints the picked units in the PDF in English and in Arabic, read back with pdftotext', async () => {
      const company = account('company', 'sa');
      const project = await publishedProject(company, 'Diriyah Courts', 'ساحات الدرعية');
      await addUnit(company, project, '1700000');
      const token = await tokenFor('company', { site: 'sa', sub: company.id });
      const created = await request(h.app.getHttpServer())
        .post('/v1/agent/project-presentations')
        .set('x-site', 'sa')
        .set('authorization', `Bearer ${token}`)
        .send({ projectIds: [project], unitIds: [(await unitsOf(project)).get(1_700_000)!] })
        .expect(201);
      const shared = projectPresentationSchema.parse(created.body.results);
      const path = `/v1/project-presentations/${shared.id}/pdf?language=`;
      // The PDF's id and language are checked like the link's.
      await h.call(null, 'get', `${path}fr`, { site: 'sa' }).expect(422);
      await h.call(null, 'get', '/v1/project-presentations/not-an-id/pdf', { site: 'sa' }).expect(422);
      await h.call(null, 'get', `${path}en`).expect(404);

      const en = asExtracted((await pdfAsText(h.app.getHttpServer(), 'sa', `${path}en`)).text);
      const order = ['Project proposal', 'Diriyah Courts', 'Units picked for you', '1,700,000 SAR'].map((w) =>
        en.indexOf(w),
      );
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(en).not.toContain('Available units');
      expect(en).not.toContain('1,500,000 SAR');

      const ar = asExtracted((await pdfAsText(h.app.getHttpServer(), 'sa', `${path}ar`)).text);
      expect(projectProposalHtml(shared, 'ar')).toContain('وحدات مختارة لك');
      const arOrder = ['عرض مشاريع', 'ساحات الدرعية', 'وحدات مختارة لك', '1,700,000 SAR'].map((w) =>
        ar.indexOf(asExtracted(w)),
      );
      expect(arOrder.every((at) => at >= 0)).toBe(true);
      expect([...arOrder].sort((a, b) => a - b)).toEqual(arOrder);
      expect(ar).not.toContain(asExtracted('الوحدات المتاحة'.replace(/لا/g, 'ال')));
      expect(ar).not.toContain('1,500,000 SAR');
    }, 60_000);
  });
});
