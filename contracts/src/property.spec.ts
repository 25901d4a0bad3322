import { describe, expect, it } from '@jest/globals';
import { fieldMessage } from './errors.js';
import {
  badgeOf,
  completenessOf,
  displayPriceOf,
  propertyCreateSchemaFor,
  propertyDocumentRequestSchema,
  propertySubmitIssues,
  propertyUpdateSchemaFor,
  type PropertyFields,
  uploadedVideoId,
  uploadedVideoPath,
} from './property.js';

const base = {
  propertyType: 'buy',
  kind: 'apartment',
  title: { en: 'Sea view', ar: 'إطلالة بحرية' },
} as const;

/** The message keys of a refused value, by field path. */
function refusals(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('property draft rules (spec §5)', () => {
  const ae = propertyCreateSchemaFor('ae');
  const sa = propertyCreateSchemaFor('sa');

  it('accepts a minimal draft and normalises Arabic-Indic digits', () => {
    const parsed = ae.parse({ ...base, price: '٢٨٥٠٠٠٠', builtUpArea: '١٤٥٠', bedrooms: '٢' });
    expect(parsed).toMatchObject({ price: 2_850_000, builtUpArea: 1450, bedrooms: 2 });
  });

  it('requires the title in English and in Arabic', () => {
    expect(refusals(ae, { ...base, title: { en: 'x' } })).toEqual({ 'title.ar': 'property.titleArRequired' });
    expect(refusals(ae, { ...base, title: { en: ' ', ar: 'عنوان' } })).toEqual({
      'title.en': 'property.titleRequired',
    });
    expect(fieldMessage('property.titleArRequired', 'ar')).toBe('يرجى إدخال عنوان الإعلان بالعربية.');
  });

  it('wants numbers greater than 0 without special characters', () => {
    expect(refusals(ae, { ...base, price: 0 })).toEqual({ price: 'number.positive' });
    expect(refusals(ae, { ...base, price: '-5' })).toEqual({ price: 'number.invalid' });
    expect(refusals(ae, { ...base, price: '1,000' })).toEqual({ price: 'number.invalid' });
    expect(refusals(ae, { ...base, serviceCharge: '12$' })).toEqual({ serviceCharge: 'number.invalid' });
  });

  it('limits the price to 10 characters and the built-up area to 1–5', () => {
    expect(refusals(ae, { ...base, price: '12345678901' })).toEqual({ price: 'property.priceLength' });
    expect(ae.safeParse({ ...base, price: '1234567890' }).success).toBe(true);
    expect(refusals(ae, { ...base, builtUpArea: '123456' })).toEqual({ builtUpArea: 'property.buaLength' });
    expect(ae.safeParse({ ...base, builtUpArea: '99999' }).success).toBe(true);
    expect(fieldMessage('property.buaLength', 'en')).toBe('Built-up area must be 1 to 5 characters.');
  });

  it('needs at least one of daily, weekly, monthly, yearly for a rent that names a price', () => {
    const rent = { ...base, propertyType: 'rent' };
    expect(refusals(ae, { ...rent, priceDaily: '' })).toEqual({ priceYearly: 'property.rentPrice' });
    expect(ae.safeParse({ ...rent, priceMonthly: '9000' }).success).toBe(true);
    expect(ae.safeParse(rent).success).toBe(true);
  });

  it('wants a valid 360 URL', () => {
    expect(refusals(ae, { ...base, tour360Url: 'not a url' })).toEqual({ tour360Url: 'property.url360' });
    expect(refusals(ae, { ...base, tour360Url: 'javascript:alert(1)' })).toEqual({
      tour360Url: 'property.url360',
    });
    expect(ae.safeParse({ ...base, tour360Url: 'https://tour.example.com/360/abc' }).success).toBe(true);
  });

  it("keeps coordinates inside the site's map bounds (§9)", () => {
    const riyadh = { latitude: 24.71, longitude: 46.67 };
    const dubai = { latitude: 25.2, longitude: 55.27 };
    expect(refusals(ae, { ...base, ...riyadh })).toEqual({ longitude: 'location.outsideAe' });
    // §9's boxes overlap (Dubai lies inside the Saudi box): the rule is the box, not the border.
    const fujairah = { latitude: 25.12, longitude: 56.33 };
    expect(refusals(sa, { ...base, ...fujairah })).toEqual({ longitude: 'location.outsideSa' });
    expect(refusals(sa, { ...base, latitude: 33 })).toEqual({ latitude: 'location.outsideSa' });
    expect(refusals(ae, { ...base, latitude: 30 })).toEqual({ latitude: 'location.outsideAe' });
    expect(ae.safeParse({ ...base, ...dubai }).success).toBe(true);
    expect(sa.safeParse({ ...base, ...riyadh }).success).toBe(true);
  });

  it('takes regulator fields on the Saudi site only, with the creation date before the end date', () => {
    const regulator = { adLicenseNumber: '7200001234', creationDate: '2026-03-01', endDate: '2026-01-01' };
    expect(refusals(sa, { ...base, regulator })).toEqual({ 'regulator.endDate': 'regulator.dates' });
    expect(refusals(sa, { ...base, regulator: { ...regulator, endDate: '2026-03-01' } })).toEqual({
      'regulator.endDate': 'regulator.dates',
    });
    expect(sa.safeParse({ ...base, regulator: { ...regulator, endDate: '2027-03-01' } }).success).toBe(true);
    expect(refusals(ae, { ...base, regulator: { adLicenseNumber: '1' } })).toEqual({
      regulator: 'regulator.saudiOnly',
    });
    expect(fieldMessage('regulator.dates', 'ar')).toBe('يجب أن يكون تاريخ الإنشاء قبل تاريخ الانتهاء.');
  });

  it('has an English and an Arabic text for every message key it uses', () => {
    const keys = [
      'property.titleRequired',
      'property.titleArRequired',
      'number.positive',
      'number.invalid',
      'number.integer',
      'property.priceLength',
      'property.buaLength',
      'property.rentPrice',
      'property.url360',
      'location.outsideAe',
      'location.outsideSa',
      'location.unknown',
      'regulator.dates',
      'regulator.saudiOnly',
      'video.count',
      'document.type',
      'document.size',
      'document.required',
      'document.titleRequired',
      'reject.reasonRequired',
      'agent.notYours',
      'date.invalid',
      'photo.min',
      'photo.count',
      'photo.order',
    ];
    for (const key of keys) {
      expect(fieldMessage(key, 'en')).not.toBe(key);
      expect(fieldMessage(key, 'ar')).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('updates any subset with the same rules', () => {
    const update = propertyUpdateSchemaFor('ae');
    expect(update.safeParse({ price: '5' }).success).toBe(true);
    expect(refusals(update, { builtUpArea: '0' })).toEqual({ builtUpArea: 'number.positive' });
    const video = 'https://videos.example.com/tour.mp4';
    expect(refusals(update, { videos: [video, video, video] })).toEqual({ videos: 'video.count' });
    expect(refusals(update, { videos: ['not a link'] })).toEqual({ 'videos.0': 'video.url' });
  });
});

describe('submitting a draft', () => {
  const complete: PropertyFields = {
    propertyType: 'rent',
    kind: 'apartment',
    title: { en: 'Sea view', ar: 'إطلالة بحرية' },
    bedrooms: 2,
    bathrooms: 2,
    builtUpArea: 1200,
    agreementType: 'exclusive',
    cityId: 'ae.dubai',
    communityId: 'ae.dubai.dubai-marina',
    latitude: 25.08,
    longitude: 55.14,
    priceMonthly: 12_000,
    permitNumber: '7114567890',
  };

  it('names every missing field', () => {
    expect(propertySubmitIssues('ae', complete)).toEqual([]);
    const { bathrooms: _b, priceMonthly: _p, ...missing } = complete;
    expect(propertySubmitIssues('ae', { ...missing, title: { en: 'x' } })).toEqual([
      { field: 'bathrooms', message: 'required' },
      { field: 'title.ar', message: 'property.titleArRequired' },
      { field: 'priceYearly', message: 'property.rentPrice' },
    ]);
  });

  it('needs the advertiser id and the ad licence number on the Saudi site', () => {
    const { permitNumber: _p, ...withoutPermit } = complete;
    const saudi = {
      ...withoutPermit,
      cityId: 'sa.riyadh',
      communityId: 'sa.riyadh.al-malqa',
      latitude: 24.8,
      longitude: 46.6,
    };
    expect(propertySubmitIssues('sa', saudi)).toEqual([
      { field: 'regulator.advertiserId', message: 'required' },
      { field: 'regulator.adLicenseNumber', message: 'required' },
    ]);
  });

  it('shows the first positive rent price (§9)', () => {
    expect(displayPriceOf({ propertyType: 'rent', priceWeekly: 900, priceYearly: 40_000 })).toBe(900);
    expect(displayPriceOf({ propertyType: 'buy', price: 1_000_000, priceYearly: 5 })).toBe(1_000_000);
  });
});

describe('document metadata (spec §5)', () => {
  it('takes jpeg or pdf under 2 MB with a title', () => {
    const ok = {
      title: 'Title deed',
      fileName: 'deed.pdf',
      contentType: 'application/pdf',
      sizeBytes: 100_000,
    };
    expect(propertyDocumentRequestSchema.safeParse(ok).success).toBe(true);
    expect(refusals(propertyDocumentRequestSchema, { ...ok, contentType: 'image/png' })).toEqual({
      contentType: 'document.type',
    });
    expect(refusals(propertyDocumentRequestSchema, { ...ok, sizeBytes: 2 * 1024 * 1024 })).toEqual({
      sizeBytes: 'document.size',
    });
    expect(refusals(propertyDocumentRequestSchema, { ...ok, title: '  ' })).toEqual({
      title: 'document.titleRequired',
    });
  });
});

describe('uploaded videos', () => {
  it('reads the id back from an uploaded video path, and none from a link', () => {
    const id = '0b6d3c1e-8f5a-4c2b-9d7e-1a2b3c4d5e6f';
    expect(uploadedVideoId(uploadedVideoPath(id))).toBe(id);
    expect(uploadedVideoId('https://example.com/api/listings/v1/media/videos/' + id)).toBeNull();
    expect(uploadedVideoId('/api/listings/v1/media/videos/../photos')).toBeNull();
  });
});

describe('completeness (spec §4 indicator)', () => {
  it('says how much is filled and what is missing', () => {
    const none = completenessOf({});
    expect(none.percent).toBe(0);
    expect(none.missing).toEqual(expect.arrayContaining(['title.en', 'title.ar', 'price']));
    const some = completenessOf({
      propertyType: 'buy',
      kind: 'villa',
      title: { en: 'Villa' },
      amenities: [],
    });
    expect(some.percent).toBeGreaterThan(0);
    expect(some.percent).toBeLessThan(100);
    expect(some.missing).toContain('amenities');
    expect(some.missing).toContain('title.ar');
    expect(some.missing).not.toContain('title.en');
  });

  it('counts the price of the purpose, the Saudi licence, the Dubai permit, photos and documents', () => {
    const rent = completenessOf({ propertyType: 'rent', priceMonthly: 9000 });
    expect(rent.missing).not.toContain('priceYearly');
    expect(rent.missing).not.toContain('price');
    expect(completenessOf({ propertyType: 'rent' }).missing).toContain('priceYearly');
    const sa = completenessOf({ regulator: { advertiserId: '1012345678' } }, { site: 'sa' });
    expect(sa.missing).toContain('regulator.adLicenseNumber');
    expect(sa.missing).not.toContain('regulator.advertiserId');
    expect(completenessOf({ cityId: 'ae.dubai' }, { site: 'ae' }).missing).toContain('permitNumber');
    expect(completenessOf({ cityId: 'ae.abu-dhabi' }, { site: 'ae' }).missing).not.toContain('permitNumber');
    const media = completenessOf({}, { photos: 5, documents: 1 });
    expect(media.missing).toContain('photos');
    expect(media.missing).not.toContain('documents');
  });
});

describe('agreement badges (spec §3)', () => {
  it('exclusive plus is PLATINUM, exclusive GOLD, non exclusive SILVER, shared none', () => {
    expect(badgeOf('exclusive-plus')).toBe('PLATINUM');
    expect(badgeOf('exclusive')).toBe('GOLD');
    expect(badgeOf('non-exclusive')).toBe('SILVER');
    expect(badgeOf('shared')).toBeNull();
    expect(badgeOf(undefined)).toBeNull();
  });
});

describe('Dubai permit and Saudi licence at submit', () => {
  it('a Dubai listing without a Trakheesi permit, or with a malformed one, is refused', () => {
    const dubai = { cityId: 'ae.dubai' } as const;
    expect(propertySubmitIssues('ae', dubai)).toContainEqual({
      field: 'permitNumber',
      message: 'property.permitRequired',
    });
    expect(propertySubmitIssues('ae', { ...dubai, permitNumber: 'DLD-12' })).toContainEqual({
      field: 'permitNumber',
      message: 'property.permitFormat',
    });
    expect(
      propertySubmitIssues('ae', { ...dubai, permitNumber: '٧١١٤٥٦٧٨٩٠' }).map((i) => i.field),
    ).not.toContain('permitNumber');
    expect(propertySubmitIssues('ae', { cityId: 'ae.sharjah' }).map((i) => i.field)).not.toContain(
      'permitNumber',
    );
    expect(propertySubmitIssues('sa', {}).map((i) => i.field)).toEqual(
      expect.arrayContaining(['regulator.advertiserId', 'regulator.adLicenseNumber']),
    );
  });
});
