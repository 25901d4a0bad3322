import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ownedPropertySchema } from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { account, completeAe, startListings, type Account } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const otherCompany = account('ae', 'company');
const stranger = account('ae', 'agent', otherCompany.id);

beforeAll(async () => {
  h = await startListings();
  await h.announceApplied('ae', [
    { registered: company },
    { registered: agent },
    { registered: otherCompany },
    { registered: stranger },
    { plan: { accountId: company.id, propertyQuota: 10 } },
  ]);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);

/** A request as `acc` (not awaited here: a supertest request is sent when awaited). */
async function as(acc: Account) {
  const token = await tokenFor(acc.role, { site: acc.site, sub: acc.id, companyId: acc.companyId });
  return (method: 'get' | 'post', path: string, language: 'en' | 'ar' = 'en') =>
    request(h.app.getHttpServer())
      [method](path)
      .set('x-site', acc.site)
      .set('language', language)
      .set('authorization', `Bearer ${token}`);
}

async function uploadDocument(
  acc: Account,
  id: string,
  file: { name: string; bytes: Buffer } | null,
  title: string,
  status: number,
  language: 'en' | 'ar' = 'en',
) {
  let req = (await as(acc))('post', `/v1/properties/${id}/documents/file`, language).field('title', title);
  if (file) req = req.attach('file', file.bytes, file.name);
  return req.expect(status);
}

const owned = (body: { results: unknown }) => ownedPropertySchema.parse(body.results);
const draft = async () =>
  owned((await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201)).body).id;

describe('listing documents as files (spec §5: jpeg or pdf, under 2 MB)', () => {
  it('stores the file, lists it with its download path, and gives it back to the owner only', async () => {
    const id = await draft();
    const { body } = await uploadDocument(
      agent,
      id,
      { name: 'title-deed.pdf', bytes: PDF },
      'Title deed',
      201,
    );
    const [document] = owned(body).documents;
    expect(document).toMatchObject({
      title: 'Title deed',
      fileName: 'title-deed.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    expect(document.fileUrl).toBe(`/api/listings/v1/owner/properties/${id}/documents/${document.id}/file`);
    const path = document.fileUrl!.replace('/api/listings', '');

    for (const owner of [agent, company]) {
      const served = await (await as(owner))('get', path).buffer(true).expect(200);
      expect(served.headers['content-type']).toContain('application/pdf');
      expect(served.headers['content-disposition']).toContain('title-deed.pdf');
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.from(served.body as Buffer).equals(PDF)).toBe(true);
    }
    await (await as(stranger))('get', path).expect(404);
    const events = (await h.outbox(id)).filter((event) => event.type === 'listing.updated');
    expect(events.at(-1)?.payload).toMatchObject({ fields: ['documents'] });
    expect((await h.auditTrail(id)).map((row) => row.action)).toContain('document.attached');
    const openapi = await request(h.app.getHttpServer()).get('/openapi.json').expect(200);
    const paths = Object.keys(openapi.body.paths as object).filter((key) => key.includes('/documents/'));
    expect(paths).toHaveLength(3);
  });

  it('judges the type by the content, and refuses 2 MB or more, no file and no title, in the language asked', async () => {
    const id = await draft();
    const jpeg = await uploadDocument(agent, id, { name: 'permit.pdf', bytes: JPEG }, 'Permit', 201);
    expect(owned(jpeg.body).documents[0].contentType).toBe('image/jpeg');

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const wrong = await uploadDocument(agent, id, { name: 'deed.pdf', bytes: png }, 'Deed', 422, 'ar');
    expect(wrong.body.results.fields).toEqual([
      { field: 'fileName', message: 'يُسمح فقط بمستندات JPEG وPDF.' },
    ]);
    const huge = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);
    const big = await uploadDocument(agent, id, { name: 'big.pdf', bytes: huge }, 'Deed', 422);
    expect(big.body.results.fields[0]).toMatchObject({ field: 'fileName' });
    expect(big.body.results.fields[0].message).toMatch(/2 MB/);
    const none = await uploadDocument(agent, id, null, 'Deed', 422);
    expect(none.body.results.fields[0]).toMatchObject({
      field: 'fileName',
      message: 'Please choose a file.',
    });
    const untitled = await uploadDocument(agent, id, { name: 'deed.pdf', bytes: PDF }, '  ', 422);
    expect(untitled.body.results.fields[0]).toMatchObject({
      field: 'title',
      message: 'Please enter document title.',
    });

    const view = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(view.documents).toHaveLength(1);
  });

  it("is another company's agent's listing: 404, nothing stored", async () => {
    const id = await draft();
    await uploadDocument(stranger, id, { name: 'deed.pdf', bytes: PDF }, 'Deed', 404);
    const view = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(view.documents).toHaveLength(0);
  });
});
