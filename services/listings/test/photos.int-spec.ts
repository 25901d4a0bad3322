import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import sharp from 'sharp';
import { ownedPropertySchema, PHOTO_SIZES } from '@manzil/contracts';
import { tokenFor } from '@manzil/testing';
import { account, completeAe, deed, photo, sixPhotos, startListings } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const stranger = account('ae', 'agent', company.id);

beforeAll(async () => {
  h = await startListings();
  await h.announceApplied('ae', [
    { registered: company },
    { registered: agent },
    { registered: stranger },
    { plan: { accountId: company.id, propertyQuota: 10 } },
  ]);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const owned = (body: { results: unknown }) => ownedPropertySchema.parse(body.results);
const draft = async () =>
  owned((await h.call(agent, 'post', '/v1/properties', { body: completeAe }).expect(201)).body).id;

describe('listing photos (spec §5)', () => {
  it('keeps each photo as webp at the sizes the pages use, with a blur placeholder except under 40 px', async () => {
    const id = await draft();
    const big = await photo(2000, 1500, 'jpeg');
    const tiny = await photo(30, 30, 'gif');
    const { body } = await h.upload(agent, id, [big, tiny], 201);
    const [first, second] = owned(body).photos;
    expect(first).toMatchObject({ position: 0, width: PHOTO_SIZES.detail, height: 960 });
    expect(first.blurDataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(second).toMatchObject({ position: 1, width: 30, height: 30, blurDataUrl: null });

    for (const [size, width] of Object.entries(PHOTO_SIZES)) {
      const path = first.urls[size as keyof typeof PHOTO_SIZES].replace('/api/listings', '');
      const served = await request(h.app.getHttpServer()).get(path).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect((await sharp(served.body as Buffer).metadata()).width).toBe(width);
    }
    // Never enlarged.
    const small = await request(h.app.getHttpServer())
      .get(second.urls.detail.replace('/api/listings', ''))
      .buffer(true)
      .expect(200);
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(30);
    await request(h.app.getHttpServer()).get(`/v1/media/photos/${id}/card`).expect(404);
  });

  it('refuses more than 10 at a time, a file of 2 MB or more, and what is not a jpeg, png or gif', async () => {
    const id = await draft();
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => photo(100 + i, 100)));
    const many = await h.upload(agent, id, eleven, 422);
    expect(many.body.results.fields).toEqual([
      { field: 'files', message: 'You can upload at most 10 photos at a time.' },
    ]);
    const huge = { name: 'huge.png', bytes: Buffer.alloc(2 * 1024 * 1024, 1) };
    const big = await h.upload(agent, id, [huge], 422);
    expect(big.body.results.fields[0].message).toBe('The file must be smaller than 2 MB.');
    const text = { name: 'photo.png', bytes: Buffer.from('not an image at all') };
    const notImage = await h.upload(agent, id, [await photo(), text], 422);
    expect(notImage.body.results.fields[0].message).toBe('Only jpeg, png, jpg and gif images are allowed.');
    const view = owned((await h.call(agent, 'get', `/v1/owner/properties/${id}`).expect(200)).body);
    expect(view.photos).toHaveLength(0);
  });

  it('reorders and deletes, and wants at least 6 before the listing is sent', async () => {
    const id = await draft();
    await h.call(agent, 'post', `/v1/properties/${id}/documents`, { body: deed }).expect(201);
    const added = owned((await h.upload(agent, id, await sixPhotos(), 201)).body).photos;
    const reversed = [...added].reverse().map((p) => p.id);
    const put = await request(h.app.getHttpServer())
      .put(`/v1/properties/${id}/photos/order`)
      .set('x-site', 'ae')
      .set('authorization', await bearer(agent))
      .send({ ids: reversed })
      .expect(200);
    expect(owned(put.body).photos.map((p) => p.id)).toEqual(reversed);
    await request(h.app.getHttpServer())
      .put(`/v1/properties/${id}/photos/order`)
      .set('x-site', 'ae')
      .set('authorization', await bearer(agent))
      .send({ ids: reversed.slice(1) })
      .expect(422);

    const removed = await request(h.app.getHttpServer())
      .delete(`/v1/properties/${id}/photos/${reversed[0]}`)
      .set('x-site', 'ae')
      .set('authorization', await bearer(agent))
      .expect(200);
    expect(owned(removed.body).photos.map((p) => [p.id, p.position])).toEqual(
      reversed.slice(1).map((photoId, position) => [photoId, position]),
    );
    await request(h.app.getHttpServer()).get(`/v1/media/photos/${reversed[0]}/card`).expect(404);
    const five = await h.call(agent, 'post', `/v1/properties/${id}/submit`, { language: 'ar' }).expect(422);
    expect(five.body.results.fields).toEqual([{ field: 'photos', message: 'يرجى رفع 6 صور على الأقل.' }]);
    await h.upload(agent, id, [await photo(500, 500)], 201);
    await h.call(agent, 'post', `/v1/properties/${id}/submit`).expect(200);

    // Someone else's listing does not exist for them.
    await h.upload(stranger, id, [await photo()], 404);
    await request(h.app.getHttpServer())
      .delete(`/v1/properties/${id}/photos/${reversed[1]}`)
      .set('x-site', 'ae')
      .set('authorization', await bearer(stranger))
      .expect(404);
  });
});

async function bearer(acc: ReturnType<typeof account>) {
  return `Bearer ${await tokenFor(acc.role, { site: acc.site, sub: acc.id, companyId: acc.companyId })}`;
}
