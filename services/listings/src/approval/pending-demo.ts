import type { DataSource } from 'typeorm';
import type { PropertyFields, Site } from '@manzil/contracts';
import { Property } from '../properties/property.entity.js';

interface PendingDemo {
  id: string;
  slug: string;
  submittedAt: string;
  draft: PropertyFields;
}

/** The seed is nobody's account: the nil uuid stands for it. */
const SEED_ACCOUNT = '00000000-0000-0000-0000-000000000000';

const document = (id: string) => ({ id, title: 'Title deed', fileName: 'title-deed.pdf' });

/**
 * Listings waiting for an admin (spec §4), so the moderation queue has work on a fresh
 * start and the browser test can reject one and approve another. Never accepted: none is
 * public until an admin approves it. Ids end in 3xx (the accepted demos use 1xx on ae, 2xx on sa).
 */
export const PENDING_DEMOS: Record<Site, PendingDemo[]> = {
  ae: [
    {
      id: '01936000-0000-7000-8000-000000000301',
      slug: 'awaiting-review-business-bay-office',
      submittedAt: '2026-11-20T08:15:00Z',
      draft: {
        propertyType: 'commercial-rent',
        kind: 'office',
        title: { en: 'Fitted office in Business Bay', ar: 'مكتب مجهز في الخليج التجاري' },
        description: {
          en: 'Canal view, 12 parking bays, ready to move in.',
          ar: 'إطلالة على القناة، 12 موقفًا، جاهز للانتقال.',
        },
        priceYearly: 210_000,
        bathrooms: 2,
        builtUpArea: 1_800,
        agreementType: 'exclusive',
        cityId: 'ae.dubai',
        communityId: 'ae.dubai.business-bay',
        latitude: 25.1865,
        longitude: 55.2645,
        videos: ['https://videos.manzil.example/business-bay-office.mp4'],
        referenceNumber: 'MZ-AE-201',
      },
    },
    {
      id: '01936000-0000-7000-8000-000000000302',
      slug: 'awaiting-review-jvc-townhouse',
      submittedAt: '2026-11-21T11:40:00Z',
      draft: {
        propertyType: 'buy',
        kind: 'townhouse',
        title: { en: 'Corner townhouse in JVC', ar: 'تاون هاوس على الزاوية في قرية جميرا الدائرية' },
        price: 2_400_000,
        bedrooms: 3,
        bathrooms: 4,
        builtUpArea: 2_250,
        agreementType: 'non-exclusive',
        furnishing: 'unfurnished',
        cityId: 'ae.dubai',
        communityId: 'ae.dubai.jumeirah-village-circle',
        latitude: 25.0592,
        longitude: 55.2094,
        referenceNumber: 'MZ-AE-202',
      },
    },
  ],
  sa: [
    {
      id: '01936000-0000-7000-8000-000000000311',
      slug: 'awaiting-review-al-malqa-villa',
      submittedAt: '2026-11-20T09:05:00Z',
      draft: {
        propertyType: 'buy',
        kind: 'villa',
        title: { en: 'Modern villa in Al Malqa, Riyadh', ar: 'فيلا حديثة في الملقا، الرياض' },
        price: 3_900_000,
        bedrooms: 5,
        bathrooms: 6,
        builtUpArea: 480,
        agreementType: 'exclusive-plus',
        furnishing: 'semiFurnished',
        cityId: 'sa.riyadh',
        communityId: 'sa.riyadh.al-malqa',
        latitude: 24.812,
        longitude: 46.62,
        referenceNumber: 'MZ-SA-211',
        regulator: { adLicenseNumber: '7200000211' },
      },
    },
    {
      id: '01936000-0000-7000-8000-000000000312',
      slug: 'awaiting-review-hittin-apartment',
      submittedAt: '2026-11-22T14:30:00Z',
      draft: {
        propertyType: 'rent',
        kind: 'apartment',
        title: { en: 'Family apartment in Hittin', ar: 'شقة عائلية في حطين' },
        priceYearly: 85_000,
        bedrooms: 3,
        bathrooms: 3,
        builtUpArea: 190,
        agreementType: 'exclusive',
        furnishing: 'furnished',
        cityId: 'sa.riyadh',
        communityId: 'sa.riyadh.hittin',
        latitude: 24.7625,
        longitude: 46.6011,
        referenceNumber: 'MZ-SA-212',
        regulator: { adLicenseNumber: '7200000212' },
      },
    },
  ],
};

/** Inserts the pending demos and their title deed once (idempotent: a decided one stays decided). */
export async function seedPendingDemos(dataSource: DataSource): Promise<void> {
  for (const site of ['ae', 'sa'] as const) {
    const demos = PENDING_DEMOS[site];
    await dataSource
      .createQueryBuilder()
      .insert()
      .into(Property)
      .values(
        demos.map((demo) => ({
          id: demo.id,
          site,
          slug: demo.slug,
          draft: demo.draft,
          approvalStatus: 'pending' as const,
          submittedAt: new Date(demo.submittedAt),
        })),
      )
      .orIgnore()
      .execute();
    for (const demo of demos) {
      const doc = document(demo.id.replace(/0(\d{3})$/, '9$1'));
      await dataSource.query(
        `INSERT INTO "property_documents"
           ("id", "property_id", "site", "title", "file_name", "content_type", "size_bytes", "created_by")
         VALUES ($1, $2, $3, $4, $5, 'application/pdf', 48213, $6)
         ON CONFLICT ("id") DO NOTHING`,
        [doc.id, demo.id, site, doc.title, doc.fileName, SEED_ACCOUNT],
      );
    }
  }
}
