import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { listingUpdatedV1, moderatedPropertySchema, ownedPropertySchema } from '@manzil/contracts';
import { FilesystemObjectStorage } from '@manzil/storage';
import { tokenFor } from '@manzil/testing';
import { documentKey, StorageCleanup } from '../src/media/storage-cleanup.js';
import { photoUrl } from '../src/photos/photo-processing.js';
import { PHOTO_KNOWN_SQL } from '../src/photos/photos.service.js';
import { account, completeAe, sixPhotos, startListings } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const PDF = Buffer.from('%PDF-1.4\n% a title deed\n');
const owned = (body: { results: unknown }) => ownedPropertySchema.parse(body.results);
const moderated = (body: { results: unknown }) => moderatedPropertySchema.parse(body.results);

let h: Harness;
let dir: string;
let storage: FilesystemObjectStorage;
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const otherCompany = account('ae', 'company');
const stranger = account('ae', 'agent', otherCompany.id);
const saudiAgent = account('sa', 'agent');
const customer = account('ae', 'user');
const admin = account('ae', 'admin');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'listings-documents-'));
  h = await startListings({ env: { STORAGE_DIR: dir, UPLOAD_SWEEP_EVERY_MS: '0' } });
  storage = new FilesystemObjectStorage(dir);
  await h.announceApplied('ae', [
    { registered: company },
    { registered: agent },
    { registered: otherCompany },
    { registered: stranger },
    { plan: { accountId: company.id, propertyQuota: 20 } },
  ]);
}, 90_000);

afterAll(async () => {
  await h?.close();
  await storage?.close();
  await rm(dir, { recursive: true, force: true });
});

async function uploadDocument(id: string, title: string) {
  const token = await tokenFor(agent.role, { site: agent.site, sub: agent.id, companyId: agent.companyId });
  const { body } = await request(h.app.getHttpServer())
    .post(`/v1/properties/${id}/documents/file`)
    .set('x-site', agent.site)
    .set('authorization', `Bearer ${token}`)
    .field('title', title)
    .attach('file', PDF, `${title}.pdf`)
    .expect(201);
  const view = owned(body);
  return view.documents.find((document) => document.title === title)!.id;
}

const remove = (as: typeof agent, id: string, documentId: string, language?: 'en' | 'ar') =>
  h.call(as, 'delete', `/v1/properties/${id}/documents/${documentId}`, { language });
const isStored = async (documentId: string) => (await storage.stat(documentKey(documentId))) !== null;
const rowOf = async (documentId: string) =>
  (
    (await h.dataSource.query(`SELECT "removed_at" FROM "property_documents" WHERE "id" = $1`, [
      documentId,
    ])) as { removed_at: Date | null }[]
  )[0];
const fileOf = (as: typeof agent, id: string, documentId: string) =>
  h.call(as, 'get', `/v1/owner/properties/${id}/documents/${documentId}/file`);
const tickets = async () => (await h.dataSource.query(`SELECT "keys" FROM "storage_cleanup"`)) as unknown[];
const newDraft = async () =>
  owned((await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201)).body).id;

/** A draft with six photos and the documents titled, sent for approval. */
async function pending(...titles: string[]) {
  const id = await newDraft();
  await h.upload(agent, id, await sixPhotos(), 201);
  const documents: string[] = [];
  for (const title of titles) documents.push(await uploadDocument(id, title));
  await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);
  return { id, documents };
}

describe('DELETE /v1/properties/:id/documents/:documentId', () => {
  it("removes a draft's document with its bytes, for the agent and its company; audit row and listing.updated", async () => {
    const id = await newDraft();
    const deed = await uploadDocument(id, 'deed');
    const permit = await uploadDocument(id, 'permit');
    expect(await isStored(deed)).toBe(true);

    const { body } = await remove(agent, id, deed).expect(200);
    expect(owned(body).documents.map((d) => d.id)).toEqual([permit]);
    expect(await isStored(deed)).toBe(false);
    expect(await rowOf(deed)).toBeUndefined();
    expect(await isStored(permit)).toBe(true);
    expect(await tickets()).toEqual([]);
    expect((await h.auditTrail(id)).at(-1)).toMatchObject({
      action: 'document.removed',
      actorId: agent.id,
      detail: { documentId: deed, title: 'deed', bytesKept: false },
    });
    const updated = (await h.outbox(id)).filter((event) => event.type === listingUpdatedV1.type).at(-1);
    expect(listingUpdatedV1.payload.parse(updated?.payload)).toMatchObject({
      id,
      fields: ['documents'],
      by: { id: agent.id, role: 'agent' },
      approvalStatus: 'draft',
    });

    // A draft may lose its last document (the submit asks for one); the company removes it.
    const last = await remove(company, id, permit).expect(200);
    expect(owned(last.body).documents).toEqual([]);
    expect(await isStored(permit)).toBe(false);
    // Gone: a second delete of the same id is 404.
    await remove(agent, id, permit).expect(404);
  });

  it('is 404 for another agent, another site, and a document of another listing; 403 for a customer and an admin, 401 for a token of another site', async () => {
    const id = await newDraft();
    const deed = await uploadDocument(id, 'deed');
    const other = await newDraft();
    await remove(stranger, id, deed).expect(404);
    await remove(otherCompany, id, deed).expect(404);
    await remove(saudiAgent, id, deed).expect(404);
    // A token of this site sent for another (the kit's guard): 401.
    await h.call(agent, 'delete', `/v1/properties/${id}/documents/${deed}`, { site: 'sa' }).expect(401);
    await remove(agent, other, deed).expect(404);
    await remove(customer, id, deed).expect(403);
    await remove(admin, id, deed).expect(403);
    expect(await isStored(deed)).toBe(true);
    expect(await rowOf(deed)).toEqual({ removed_at: null });
  });

  it("refuses the last document of a pending listing in the caller's language; the moderation keeps a removed one's bytes until the approval", async () => {
    const { id, documents } = await pending('deed');
    const [deed] = documents;
    const en = await remove(agent, id, deed, 'en').expect(422);
    expect(en.body.results.fields).toEqual([
      {
        field: 'documents',
        message:
          'A listing sent for review or published keeps at least one document. Upload another one before you remove this one.',
      },
    ]);
    const ar = await remove(agent, id, deed, 'ar').expect(422);
    expect(ar.body.results.fields[0].message).toBe(
      'يجب أن يبقى مستند واحد على الأقل في الإعلان المرسل للمراجعة أو المنشور. ارفع مستندًا آخر قبل حذف هذا المستند.',
    );
    expect(await rowOf(deed)).toEqual({ removed_at: null });

    // A second document: the first may go, but the admins judging it still have its file.
    const permit = await uploadDocument(id, 'permit');
    const { body } = await remove(agent, id, deed).expect(200);
    expect(owned(body).documents.map((d) => d.id)).toEqual([permit]);
    expect(owned(body).approvalStatus).toBe('pending');
    expect(await isStored(deed)).toBe(true);
    expect((await rowOf(deed))?.removed_at).not.toBeNull();
    await fileOf(agent, id, deed).expect(404);
    await fileOf(admin, id, deed).expect(200);
    // The admins' detail lists it apart, marked removed with the date, its file downloadable.
    const admins = moderated((await h.call(admin, 'get', `/v1/admin/properties/${id}`).expect(200)).body);
    expect(admins.documents.map((d) => d.id)).toEqual([permit]);
    expect(admins.removedDocuments).toEqual([
      expect.objectContaining({
        id: deed,
        title: 'deed',
        fileUrl: `/api/listings/v1/owner/properties/${id}/documents/${deed}/file`,
        removedAt: new Date((await rowOf(deed))!.removed_at!).toISOString(),
      }),
    ]);
    // The owner's own view never has it.
    const mine = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(JSON.stringify(mine)).not.toContain(deed);
    // The remaining one is the last: refused.
    await remove(agent, id, permit).expect(422);

    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    expect(await isStored(deed)).toBe(false);
    expect(await rowOf(deed)).toBeUndefined();
    expect(await isStored(permit)).toBe(true);
    expect(await tickets()).toEqual([]);
  });

  it('keeps the bytes of a document the accepted version was accepted with, through a rejected edit, until an approval replaces that version', async () => {
    const { id, documents } = await pending('deed');
    const [deed] = documents;
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    const permit = await uploadDocument(id, 'permit');
    const noc = await uploadDocument(id, 'noc');

    // Attached after the approval: no version needs it, its bytes go at once.
    await remove(agent, id, noc).expect(200);
    expect(await isStored(noc)).toBe(false);
    // Accepted with the public version: kept, hidden from the owner.
    const { body } = await remove(agent, id, deed).expect(200);
    expect(owned(body).documents.map((d) => d.id)).toEqual([permit]);
    expect(owned(body).approvalStatus).toBe('accepted');
    expect(await isStored(deed)).toBe(true);
    expect((await h.auditTrail(id)).at(-1)).toMatchObject({
      action: 'document.removed',
      detail: { documentId: deed, bytesKept: true },
    });
    // An accepted listing keeps one too.
    await remove(agent, id, permit).expect(422);

    // An edit goes for review and is rejected: the public version stays, and with it the deed.
    await h
      .call(agent, 'patch', `/v1/properties/${id}`, { body: { description: { en: 'Freshly painted.' } } })
      .expect(200);
    await h
      .call(admin, 'post', `/v1/admin/properties/${id}/reject`, { body: { reason: 'Please add the floor.' } })
      .expect(200);
    expect(await isStored(deed)).toBe(true);

    await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    expect(await isStored(deed)).toBe(false);
    expect(await rowOf(deed)).toBeUndefined();
    expect(await isStored(permit)).toBe(true);
    expect(await tickets()).toEqual([]);
  });

  it('a rejection of a listing never public lets a document removed during the moderation go', async () => {
    const { id, documents } = await pending('deed', 'permit');
    await remove(agent, id, documents[0]).expect(200);
    expect(await isStored(documents[0])).toBe(true);
    await h
      .call(admin, 'post', `/v1/admin/properties/${id}/reject`, { body: { reason: 'Blurred title deed.' } })
      .expect(200);
    expect(await isStored(documents[0])).toBe(false);
    expect(await rowOf(documents[0])).toBeUndefined();
    expect(await isStored(documents[1])).toBe(true);
  });
});

describe('a sale (final) and the documents the owner removed', () => {
  const storageRow = async (documentId: string) =>
    (
      (await h.dataSource.query(
        `SELECT "storage_key", "removed_at", "title" FROM "property_documents" WHERE "id" = $1`,
        [documentId],
      )) as { storage_key: string | null; removed_at: Date | null; title: string }[]
    )[0];

  /** A public listing whose accepted version was accepted with `deed`, removed since (bytes kept). */
  async function publicWithRemovedDeed() {
    const { id, documents } = await pending('deed', 'permit');
    const [deed, permit] = documents;
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    await remove(agent, id, deed).expect(200);
    expect(await isStored(deed)).toBe(true);
    return { id, deed, permit };
  }

  it('deletes their bytes and keeps their rows for the audit; the attached ones keep theirs; a second sale changes nothing', async () => {
    const { id, deed, permit } = await publicWithRemovedDeed();
    await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);

    expect(await isStored(deed)).toBe(false);
    expect(await storageRow(deed)).toEqual({
      storage_key: null,
      removed_at: expect.any(Date),
      title: 'deed',
    });
    expect(await isStored(permit)).toBe(true);
    expect(await tickets()).toEqual([]);
    expect((await h.auditTrail(id)).at(-1)).toMatchObject({
      action: 'sold',
      actorId: agent.id,
      detail: { documentsReleased: [deed] },
    });
    // The admins still see what was withdrawn, without a file to download.
    const admins = moderated((await h.call(admin, 'get', `/v1/admin/properties/${id}`).expect(200)).body);
    expect(admins.removedDocuments).toEqual([expect.objectContaining({ id: deed, fileUrl: null })]);
    await fileOf(admin, id, deed).expect(404);
    await fileOf(agent, id, permit).expect(200);

    // Idempotent: selling again answers the same and writes nothing.
    const trail = (await h.auditTrail(id)).length;
    await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);
    expect(await h.auditTrail(id)).toHaveLength(trail);
    expect(await storageRow(deed)).toMatchObject({ storage_key: null });
  });

  it('a sold listing still pending keeps the rows whatever the admins decide', async () => {
    const { id, documents } = await pending('deed', 'permit');
    await remove(agent, id, documents[0]).expect(200);
    await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);
    expect(await isStored(documents[0])).toBe(false);
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    expect(await storageRow(documents[0])).toMatchObject({ title: 'deed', storage_key: null });
  });

  it('a storage that fails the delete does not undo the sale: the bytes are left to the sweep', async () => {
    const { id, deed } = await publicWithRemovedDeed();
    // A real failure of the filesystem engine: the object's path is a folder with something in it.
    const path = join(dir, documentKey(deed));
    await rm(path, { force: true });
    await mkdir(path);
    await writeFile(join(path, 'in-the-way'), 'x');

    const { body } = await h.call(agent, 'post', `/v1/properties/${id}/sold`).expect(200);
    expect(owned(body).state).toBe('sold');
    expect(await storageRow(deed)).toMatchObject({ storage_key: null });
    expect(await tickets()).toEqual([{ keys: [documentKey(deed)] }]);

    // Once the storage answers again, the sweep takes them.
    await rm(path, { recursive: true, force: true });
    await writeFile(path, PDF);
    await h.app.get(StorageCleanup).sweep();
    expect(await isStored(deed)).toBe(false);
    expect(await tickets()).toEqual([]);
  });
});

describe('GET /v1/media/photos/:id/:size for an id no row has', () => {
  it('reads the GIN index on the public version’s photos, not every listing, and answers as before', async () => {
    const { id } = await pending('deed');
    await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    const [{ published }] = (await h.dataSource.query(
      `SELECT "published" FROM "properties" WHERE "id" = $1`,
      [id],
    )) as { published: { media: { photos: string[] } } }[];
    const shown = published.media.photos[0];
    // 600 more public listings (a seeded site has 312), each showing its own photo, as a site's table holds.
    await h.dataSource.query(
      `INSERT INTO "properties"
       SELECT (jsonb_populate_record(NULL::"properties", to_jsonb(p) || jsonb_build_object(
         'id', gen_random_uuid(), 'slug', p."slug" || '-' || g,
         'published', jsonb_set(p."published", '{media,photos}', jsonb_build_array('/api/listings/v1/media/photos/' || gen_random_uuid() || '/card'))
       ))).*
       FROM "properties" p, generate_series(1, 600) g WHERE p."id" = $1`,
      [id],
    );
    await h.dataSource.query(`ANALYZE "properties"`);
    const unknown = photoUrl('00000000-0000-4000-8000-000000000000', 'card');
    const plan = (await h.dataSource.query(`EXPLAIN (FORMAT JSON) ${PHOTO_KNOWN_SQL}`, [
      '00000000-0000-4000-8000-000000000000',
      unknown,
    ])) as { 'QUERY PLAN': unknown }[];
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk((plan[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan);
    expect(nodes.map((node) => node['Index Name'])).toContain('IDX_properties_published_photos');
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    // Without the index, the same query reads the whole table (what it did before the migration).
    await h.dataSource
      .transaction(async (manager) => {
        await manager.query(`DROP INDEX "IDX_properties_published_photos"`);
        const before = (await manager.query(`EXPLAIN ${PHOTO_KNOWN_SQL}`, [
          '00000000-0000-4000-8000-000000000000',
          unknown,
        ])) as { 'QUERY PLAN': string }[];
        expect(before.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Seq Scan on properties/);
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
    // Same answers: the public version's photo is known, an unknown one is not.
    const known = (await h.dataSource.query(PHOTO_KNOWN_SQL, [
      '00000000-0000-4000-8000-000000000000',
      shown,
    ])) as unknown[];
    expect(known).toHaveLength(1);
    expect(
      await h.dataSource.query(PHOTO_KNOWN_SQL, ['00000000-0000-4000-8000-000000000000', unknown]),
    ).toEqual([]);
  }, 90_000);
});
