import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  listingApprovedV2,
  listingDeactivatedV2,
  ownedPropertySchema,
  publicPropertySchema,
  type OwnedProperty,
} from '@manzil/contracts';
import { expectEventually } from '@manzil/testing';
import { LicenceExpiryScheduler } from '../src/ad-licence/licence-expiry.job.js';
import { account, completeAe, completeSa, deed, sixPhotos, startListings } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
const saCompany = account('sa', 'company');
const saAgent = account('sa', 'agent', saCompany.id);
const saAdmin = account('sa', 'admin');
const saStranger = account('sa', 'agent');
const aeCompany = account('ae', 'company');
const aeAgent = account('ae', 'agent', aeCompany.id);

// Licences the sandbox's validator knows (services/sandbox/src/rega/rega.licences.ts).
const VALID = { advertiserId: '1012345678', adLicenseNumber: '7200001234' };
const EXPIRED = { advertiserId: '1012345678', adLicenseNumber: '7200009999' };
const UNKNOWN = { advertiserId: '1012345678', adLicenseNumber: '7299999999' };

beforeAll(async () => {
  h = await startListings({ sandbox: true });
  await h.announceApplied('sa', [
    { registered: saCompany },
    { registered: saAgent },
    { nafath: saAgent },
    { plan: { accountId: saCompany.id, propertyQuota: 20 } },
  ]);
  await h.announceApplied('ae', [
    { registered: aeCompany },
    { registered: aeAgent },
    { plan: { accountId: aeCompany.id, propertyQuota: 20 } },
  ]);
}, 90_000);

afterAll(async () => {
  await h?.close();
});

const owned = (body: { results: unknown }): OwnedProperty => ownedPropertySchema.parse(body.results);

/** A complete Saudi draft (photos, a document) naming `licence`, not yet submitted. */
async function saudiDraft(licence: { advertiserId: string; adLicenseNumber: string }): Promise<string> {
  const body = { ...completeSa, regulator: { ...completeSa.regulator, ...licence } };
  const made = await h.call(saAgent, 'post', '/v1/properties', { body }).expect(201);
  const id = owned(made.body).id;
  await h.upload(saAgent, id, await sixPhotos(), 201);
  await h.call(saAgent, 'post', `/v1/properties/${id}/documents`, { body: deed }).expect(201);
  return id;
}

/** An accepted Saudi listing whose licence REGA confirmed. */
async function acceptedSaudi(): Promise<OwnedProperty> {
  const id = await saudiDraft(VALID);
  await h.call(saAgent, 'post', `/v1/properties/${id}/submit`).expect(200);
  await h.call(saAdmin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
  return owned((await h.call(saAgent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
}

const fieldsOf = (body: { results: { fields?: { field: string; message: string }[] } }) =>
  Object.fromEntries((body.results.fields ?? []).map((f) => [f.field, f.message]));

describe('REGA ad licence on the Saudi site', () => {
  it('a valid licence is confirmed at submit, kept as regulator-verified and published with the listing', async () => {
    const id = await saudiDraft(VALID);
    const submitted = owned((await h.call(saAgent, 'post', `/v1/properties/${id}/submit`).expect(200)).body);
    expect(submitted.approvalStatus).toBe('pending');
    expect(submitted.regulatorVerified).toMatchObject({
      adLicenseNumber: VALID.adLicenseNumber,
      advertiserId: VALID.advertiserId,
      advertiserName: 'Faisal Al Qahtani',
      city: 'Riyadh',
      isPawned: false,
    });
    // The licence fills what the owner left empty, and keeps what the owner typed.
    expect(submitted.draft.regulator).toMatchObject({
      advertiserName: 'Faisal Al Qahtani',
      creationDate: completeSa.regulator.creationDate,
    });
    expect(submitted.badge).toBe('GOLD');

    await h.call(saAdmin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
    const [approved] = (await h.outbox(id)).filter((e) => e.type === 'listing.approved');
    expect(approved.version).toBe(2);
    const payload = listingApprovedV2.payload.parse(approved.payload);
    expect(payload.regulatorVerified).toMatchObject({ adLicenseNumber: VALID.adLicenseNumber });
    expect(payload.badge).toBe('GOLD');
    const page = await h.call(null, 'get', `/v1/properties/${submitted.slug}`, { site: 'sa' }).expect(200);
    const shown = publicPropertySchema.parse(page.body.results);
    expect(shown.regulatorVerified).toMatchObject({
      adLicenseNumber: VALID.adLicenseNumber,
      advertiserName: 'Faisal Al Qahtani',
    });
    expect(shown.badge).toBe('GOLD');
  });

  it('an unknown or expired licence is refused with its message in the request language; the draft is kept', async () => {
    const unknownId = await saudiDraft(UNKNOWN);
    const en = await h.call(saAgent, 'post', `/v1/properties/${unknownId}/submit`).expect(422);
    expect(fieldsOf(en.body)['regulator.adLicenseNumber']).toMatch(/does not know this ad licence/);
    const ar = await h
      .call(saAgent, 'post', `/v1/properties/${unknownId}/submit`, { language: 'ar' })
      .expect(422);
    expect(fieldsOf(ar.body)['regulator.adLicenseNumber']).toBe(
      'لم تتعرّف الهيئة العامة للعقار على ترخيص الإعلان هذا لهذا المعلن. يرجى التحقق من رقم هوية المعلن ورقم ترخيص الإعلان.',
    );
    const kept = owned((await h.call(saAgent, 'get', `/v1/owner/properties/${unknownId}`).expect(200)).body);
    expect(kept.approvalStatus).toBe('draft');
    expect(kept.regulatorVerified).toBeNull();
    expect(kept.draft.regulator).toMatchObject(UNKNOWN);

    const expiredId = await saudiDraft(EXPIRED);
    const expired = await h
      .call(saAgent, 'post', `/v1/properties/${expiredId}/submit`, { language: 'ar' })
      .expect(422);
    expect(fieldsOf(expired.body)['regulator.adLicenseNumber']).toBe(
      'انتهت صلاحية ترخيص الإعلان هذا. يرجى تجديده لدى الهيئة العامة للعقار.',
    );
  });

  it('the wizard’s ad-licence step saves the numbers typed, then confirms them (or says why not)', async () => {
    const id = await saudiDraft(UNKNOWN);
    const refused = await h
      .call(saAgent, 'post', `/v1/properties/${id}/ad-licence`, { body: EXPIRED })
      .expect(422);
    expect(fieldsOf(refused.body)['regulator.adLicenseNumber']).toMatch(/expired/);
    const saved = owned((await h.call(saAgent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(saved.draft.regulator).toMatchObject(EXPIRED);

    const badInput = await h
      .call(saAgent, 'post', `/v1/properties/${id}/ad-licence`, {
        body: { advertiserId: '12', adLicenseNumber: '7200001234' },
        language: 'ar',
      })
      .expect(422);
    expect(fieldsOf(badInput.body).advertiserId).toBe('يرجى إدخال رقم هوية المعلن (10 أرقام).');

    const confirmed = owned(
      (
        await h
          .call(saAgent, 'post', `/v1/properties/${id}/ad-licence`, {
            body: { advertiserId: '١٠١٢٣٤٥٦٧٨', adLicenseNumber: VALID.adLicenseNumber },
          })
          .expect(200)
      ).body,
    );
    expect(confirmed.regulatorVerified).toMatchObject(VALID);
    expect(confirmed.completeness.missing).not.toContain('regulator.adLicenseNumber');
    const trail = await h.auditTrail(id);
    expect(trail.map((row) => row.action)).toContain('adLicenceVerified');

    // Not on the UAE site, and not someone else's listing.
    const aeDraft = await h.call(aeAgent, 'post', '/v1/properties', { body: completeAe }).expect(201);
    await h
      .call(aeAgent, 'post', `/v1/properties/${owned(aeDraft.body).id}/ad-licence`, { body: VALID })
      .expect(422);
    await h.call(saStranger, 'post', `/v1/properties/${id}/ad-licence`, { body: VALID }).expect(404);
  });

  it('the expiry job takes a listing off when its licence ends: listing.deactivated v2, a system audit row, gone from the public', async () => {
    const listing = await acceptedSaudi();
    expect(listing.regulatorVerified).not.toBeNull();
    const scheduler = h.app.get(LicenceExpiryScheduler);
    // The licence ends in a moment (the sandbox's licences end in months; the job only reads the listing's end).
    await h.dataSource.query(
      `UPDATE "properties" SET "licence_ends_at" = now() + interval '1500 milliseconds' WHERE "id" = $1`,
      [listing.id],
    );
    const [{ ends }] = (await h.dataSource.query(
      `SELECT "licence_ends_at" AS "ends" FROM "properties" WHERE "id" = $1`,
      [listing.id],
    )) as { ends: Date }[];
    await scheduler.schedule({ id: listing.id, licenceEndsAt: ends });
    const deactivated = await expectEventually(
      async () => {
        const event = (await h.outbox(listing.id)).find((e) => e.type === 'listing.deactivated');
        if (!event) throw new Error('not yet');
        return event;
      },
      { timeoutMs: 20_000 },
    );
    expect(deactivated.version).toBe(2);
    expect(listingDeactivatedV2.payload.parse(deactivated.payload)).toMatchObject({
      id: listing.id,
      active: false,
      by: null,
      reason: 'licenceExpired',
    });
    const trail = await h.auditTrail(listing.id);
    expect(trail.at(-1)).toMatchObject({
      actorId: null,
      role: 'system',
      action: 'deactivated',
      detail: { reason: 'licenceExpired', adLicenseNumber: VALID.adLicenseNumber },
    });
    await h.call(null, 'get', `/v1/properties/${listing.slug}`, { site: 'sa' }).expect(404);
    const back = await h
      .call(saAgent, 'post', `/v1/properties/${listing.id}/state`, { body: { active: true } })
      .expect(422);
    expect(fieldsOf(back.body)['regulator.adLicenseNumber']).toMatch(/expired/);

    // Renewed with the regulator: checked again, the listing may go back on the market.
    await h.call(saAgent, 'post', `/v1/properties/${listing.id}/ad-licence`, { body: EXPIRED }).expect(422);
    const renewed = owned(
      (await h.call(saAgent, 'post', `/v1/properties/${listing.id}/ad-licence`, { body: VALID }).expect(200))
        .body,
    );
    expect(renewed.regulatorVerified?.endDate).toBe(listing.regulatorVerified?.endDate);
    await h
      .call(saAgent, 'post', `/v1/properties/${listing.id}/state`, { body: { active: true } })
      .expect(200);
    await h.call(null, 'get', `/v1/properties/${listing.slug}`, { site: 'sa' }).expect(200);
  });

  it('on start, a licence that ended while the service was down takes its listing off at once', async () => {
    const listing = await acceptedSaudi();
    await h.dataSource.query(
      `UPDATE "properties" SET "licence_ends_at" = now() - interval '1 hour' WHERE "id" = $1`,
      [listing.id],
    );
    const scheduled = await h.app.get(LicenceExpiryScheduler).catchUp();
    expect(scheduled).toBeGreaterThanOrEqual(1);
    await expectEventually(
      async () => {
        const [row] = (await h.dataSource.query(`SELECT "state" FROM "properties" WHERE "id" = $1`, [
          listing.id,
        ])) as { state: string }[];
        expect(row.state).toBe('inactive');
      },
      { timeoutMs: 20_000 },
    );
  });

  // Last: it stops the sandbox.
  it('the regulator unreachable: a retryable 503 in the request language, and the draft stays as it was', async () => {
    const id = await saudiDraft(VALID);
    await h.sandbox!.stop();
    const en = await h.call(saAgent, 'post', `/v1/properties/${id}/submit`).expect(503);
    expect(en.body).toMatchObject({
      success: false,
      results: { code: 'REGA_UNAVAILABLE' },
    });
    expect(en.body.message).toMatch(/Your listing is saved; please try again/);
    const ar = await h.call(saAgent, 'post', `/v1/properties/${id}/submit`, { language: 'ar' }).expect(503);
    expect(ar.body.message).toBe(
      'تعذر الوصول إلى الهيئة العامة للعقار للتحقق من ترخيص الإعلان. تم حفظ إعلانك؛ يرجى المحاولة مرة أخرى بعد دقائق.',
    );
    const kept = owned((await h.call(saAgent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(kept.approvalStatus).toBe('draft');
    expect(kept.draft.regulator).toMatchObject(VALID);
    expect(kept.photos).toHaveLength(6);
    expect(kept.documents).toHaveLength(1);
    await h.call(saAgent, 'post', `/v1/properties/${id}/ad-licence`, { body: VALID }).expect(503);
  });
});

describe('Trakheesi permit on the UAE site', () => {
  it('a Dubai listing without a permit number is refused at submit, in English and Arabic; with one it goes', async () => {
    const { permitNumber: _permit, ...withoutPermit } = completeAe;
    const made = await h.call(aeAgent, 'post', '/v1/properties', { body: withoutPermit }).expect(201);
    const id = owned(made.body).id;
    expect(owned(made.body).completeness.missing).toContain('permitNumber');
    await h.upload(aeAgent, id, await sixPhotos(), 201);
    await h.call(aeAgent, 'post', `/v1/properties/${id}/documents`, { body: deed }).expect(201);
    const en = await h.call(aeAgent, 'post', `/v1/properties/${id}/submit`).expect(422);
    expect(fieldsOf(en.body).permitNumber).toBe(
      'Please enter the permit number (Trakheesi): it is required for Dubai listings.',
    );
    const ar = await h.call(aeAgent, 'post', `/v1/properties/${id}/submit`, { language: 'ar' }).expect(422);
    expect(fieldsOf(ar.body).permitNumber).toBe('يرجى إدخال رقم التصريح (تراخيص)، فهو مطلوب لإعلانات دبي.');
    await h.call(aeAgent, 'patch', `/v1/properties/${id}`, { body: { permitNumber: 'DLD-1' } }).expect(200);
    const malformed = await h.call(aeAgent, 'post', `/v1/properties/${id}/submit`).expect(422);
    expect(fieldsOf(malformed.body).permitNumber).toBe('The permit number must be 6 to 12 digits.');
    await h
      .call(aeAgent, 'patch', `/v1/properties/${id}`, { body: { permitNumber: '7114567890' } })
      .expect(200);
    const sent = owned((await h.call(aeAgent, 'post', `/v1/properties/${id}/submit`).expect(200)).body);
    expect(sent.approvalStatus).toBe('pending');
    expect(sent.badge).toBe('PLATINUM');
    expect(sent.regulatorVerified).toBeNull();
  });
});
