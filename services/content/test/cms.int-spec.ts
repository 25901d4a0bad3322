import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CONTENT_API, CONTENT_TOPICS, type Site } from '@manzil/contracts';
import {
  createTestApp,
  createMigratedDatabase,
  serviceTestEnv,
  testNamespace,
  testRedisUrl,
  tokenFor,
  waitForEvent,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seed } from '../src/seed.js';

describe('content: CMS', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const namespace = testNamespace('content-cms');
  const admins: Record<Site, string> = { ae: '', sa: '' };

  beforeAll(async () => {
    db = await createMigratedDatabase('content_cms', buildDataSource, async (ds) => {
      await seed(ds);
      await seed(ds); // idempotent
    });
    app = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
    admins.ae = await tokenFor('admin', { site: 'ae' });
    admins.sa = await tokenFor('admin', { site: 'sa' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const get = (site: Site, path: string, language: 'en' | 'ar' = 'en') =>
    request(app.getHttpServer()).get(path).set('x-site', site).set('language', language);
  const asAdmin = (
    site: Site,
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    language: 'en' | 'ar' = 'en',
  ) =>
    request(app.getHttpServer())
      [method](path)
      .set('x-site', site)
      .set('language', language)
      .set('authorization', `Bearer ${admins[site]}`);
  const event = (predicate: (payload: Record<string, unknown>) => boolean) =>
    waitForEvent(testRedisUrl(), namespace, CONTENT_TOPICS.cms, (e) =>
      predicate(e.payload as Record<string, unknown>),
    );

  describe('blogs', () => {
    it('lists 12 blogs per site, newest first, paginated, in the request language', async () => {
      const first = await get('ae', `${CONTENT_API.blogs}?page=1&limit=5`).expect(200);
      expect(first.body.results).toMatchObject({ page: 1, limit: 5, total: 12 });
      expect(first.body.results.items).toHaveLength(5);
      expect(first.body.results.items[0].title).toBe("A first-time buyer's guide to the UAE");
      const dates = first.body.results.items.map((b: { publishedAt: string }) => b.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      const last = await get('ae', `${CONTENT_API.blogs}?page=3&limit=5`).expect(200);
      expect(last.body.results.items).toHaveLength(2);

      const arabic = await get('sa', CONTENT_API.blogs, 'ar').expect(200);
      expect(arabic.body.results.total).toBe(12);
      expect(arabic.body.results.items[0]).toMatchObject({
        title: 'دليل المشتري لأول مرة في السعودية',
        author: 'سارة المنصوري',
        coverImage: '/api/content/v1/media/blog-01.svg',
      });
      expect(arabic.body.results.items[0].tags).toContain('شراء');
    });

    it('finds a blog by slug or Arabic slug, on its own site only', async () => {
      const english = await get('sa', CONTENT_API.blog('how-mortgages-work-sa')).expect(200);
      expect(english.body.results.bodyHtml).toContain('<h2>What to compare</h2>');
      const arabic = await get('sa', CONTENT_API.blog('كيف-يعمل-التمويل-العقاري-sa'), 'ar').expect(200);
      expect(arabic.body.results).toMatchObject({
        slug: 'how-mortgages-work-sa',
        title: 'كيف يعمل التمويل العقاري في السعودية',
      });
      const missing = await get('ae', CONTENT_API.blog('how-mortgages-work-sa'), 'ar').expect(404);
      expect(missing.body).toMatchObject({ success: false, message: 'لم يتم العثور على سجل' });
    });

    it('filters by tag in either language', async () => {
      const { body } = await get('ae', `${CONTENT_API.blogs}?tag=${encodeURIComponent('مزادات')}`).expect(
        200,
      );
      expect(body.results.total).toBe(1);
      expect(body.results.items[0].slug).toBe('property-auctions-how-bidding-works');
    });
  });

  describe('admin CMS', () => {
    const blog = {
      slug: 'golden-visa-explained',
      slugAr: 'شرح-الإقامة-الذهبية',
      title: { en: 'The Golden Visa explained', ar: 'شرح الإقامة الذهبية' },
      excerpt: { en: 'Who qualifies through property.', ar: 'من يستحقها عبر العقار.' },
      body: {
        en: '## Who qualifies\n\nOwners of property worth AED 2 million.',
        ar: '## من يستحقها\n\nملاك عقار بقيمة مليوني درهم.',
      },
      coverImage: '/api/content/v1/media/blog-03.svg',
      author: { en: 'Omar Haddad', ar: 'عمر حداد' },
      tags: [{ en: 'Visas', ar: 'تأشيرات' }],
    };

    it('creates, unpublishes and publishes a blog; the public read follows at once', async () => {
      // Fill the cache first: the change must drop it.
      expect((await get('ae', CONTENT_API.blogs).expect(200)).body.results.total).toBe(12);
      const created = await asAdmin('ae', 'post', CONTENT_API.admin.list('blogs')).send(blog).expect(201);
      const item = created.body.results;
      expect(item).toMatchObject({ site: 'ae', published: true, slug: blog.slug, title: blog.title });
      expect(item.publishedAt).toEqual(expect.any(String));

      const list = await get('ae', CONTENT_API.blogs, 'ar').expect(200);
      expect(list.body.results.total).toBe(13);
      expect(list.body.results.items[0].title).toBe('شرح الإقامة الذهبية');
      expect((await get('sa', CONTENT_API.blogs).expect(200)).body.results.total).toBe(12);
      await get('ae', CONTENT_API.blog(blog.slugAr), 'ar').expect(200);

      await asAdmin('ae', 'post', CONTENT_API.admin.unpublish('blogs', item.id)).expect(200);
      await get('ae', CONTENT_API.blog(blog.slug)).expect(404);
      expect((await get('ae', CONTENT_API.blogs).expect(200)).body.results.total).toBe(12);
      const unpublished = await event((p) => p.id === item.id && p.action === 'unpublished');
      expect(unpublished).toMatchObject({
        type: 'content.changed',
        version: 1,
        site: 'ae',
        key: `blog:${item.id}`,
      });
      expect(unpublished.payload).toMatchObject({ kind: 'blog', slug: blog.slug });

      await asAdmin('ae', 'post', CONTENT_API.admin.publish('blogs', item.id)).expect(200);
      await get('ae', CONTENT_API.blog(blog.slug)).expect(200);
      await event((p) => p.id === item.id && p.action === 'created');
      await event((p) => p.id === item.id && p.action === 'published');

      const admin = await asAdmin(
        'ae',
        'get',
        `${CONTENT_API.admin.list('blogs')}?published=true&limit=100`,
      ).expect(200);
      expect(admin.body.results.total).toBe(13);
    });

    it('edits a page in Arabic and the visitor sees it (cache and config dropped)', async () => {
      await get('ae', CONTENT_API.page('من-نحن'), 'ar').expect(200);
      const pages = await asAdmin('ae', 'get', CONTENT_API.admin.list('pages')).expect(200);
      const about = pages.body.results.items.find((p: { slug: string }) => p.slug === 'about-us');
      const { id, site, published, createdAt, updatedAt, ...input } = about;
      expect([site, published, typeof createdAt, typeof updatedAt]).toEqual(['ae', true, 'string', 'string']);
      const edited = { ...input, title: { ...input.title, ar: 'من نحن في منزل' }, publicSlugAr: 'عن-منزل' };
      await asAdmin('ae', 'put', CONTENT_API.admin.item('pages', id), 'ar').send(edited).expect(200);
      const page = await get('ae', CONTENT_API.page('عن-منزل'), 'ar').expect(200);
      expect(page.body.results).toMatchObject({
        title: 'من نحن في منزل',
        publicSlug: 'about-us',
        language: 'ar',
      });
      expect(page.body.results.bodyHtml).toContain('<h2>ماذا نقدم</h2>');
      await get('ae', CONTENT_API.page('من-نحن'), 'ar').expect(404);
      const config = await get('ae', CONTENT_API.config).expect(200);
      expect(config.body.results.staticContent[0]).toEqual({
        slug: 'about-us',
        publicSlug: 'about-us',
        publicSlugAr: 'عن-منزل',
      });
      // The Saudi page is another row.
      await get('sa', CONTENT_API.page('من-نحن'), 'ar').expect(200);
    });

    it('refuses visitors (401), other roles (403) and the other site’s admin (401), and other sites’ ids (404)', async () => {
      await request(app.getHttpServer())
        .post(CONTENT_API.admin.list('faqs'))
        .set('x-site', 'ae')
        .send({})
        .expect(401);
      const agent = await tokenFor('agent', { site: 'ae' });
      await request(app.getHttpServer())
        .get(CONTENT_API.admin.list('faqs'))
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${agent}`)
        .expect(403);
      await request(app.getHttpServer())
        .get(CONTENT_API.admin.list('faqs'))
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${admins.sa}`)
        .expect(401);
      const saFaqs = await asAdmin('sa', 'get', CONTENT_API.admin.list('faqs')).expect(200);
      const saId = saFaqs.body.results.items[0].id;
      await asAdmin('ae', 'get', CONTENT_API.admin.item('faqs', saId)).expect(404);
      await asAdmin('ae', 'post', CONTENT_API.admin.unpublish('faqs', saId)).expect(404);
      await asAdmin('ae', 'get', '/v1/admin/unknown-kind').expect(404);
    });

    it('names invalid fields in the request language (422) and a taken slug', async () => {
      const arabic = await asAdmin('ae', 'post', CONTENT_API.admin.list('faqs'), 'ar')
        .send({ question: { en: 'Where?' }, answer: { en: 'Here', ar: 'هنا' }, category: 'nope' })
        .expect(422);
      expect(arabic.body.message).toBe('يرجى التحقق من الحقول المحددة.');
      expect(arabic.body.results.fields).toEqual(
        expect.arrayContaining([
          { field: 'question.ar', message: 'يرجى إدخال قيمة.' },
          { field: 'category', message: 'يرجى إدخال قيمة.' },
        ]),
      );
      const english = await asAdmin('ae', 'post', CONTENT_API.admin.list('menus'))
        .send({
          name: { en: 'X', ar: 'س' },
          link: { en: 'javascript:alert(1)', ar: '/x' },
          menuSlug: 'Bad Slug',
        })
        .expect(422);
      expect(english.body.results.fields).toEqual(
        expect.arrayContaining([
          { field: 'link.en', message: 'Please enter a valid URL.' },
          { field: 'menuSlug', message: 'Please enter a valid slug (letters, digits and dashes).' },
        ]),
      );
      const taken = await asAdmin('sa', 'post', CONTENT_API.admin.list('communities'), 'ar')
        .send({
          slug: 'hittin',
          slugAr: 'حطين-الجديدة',
          name: { en: 'Hittin', ar: 'حطين' },
          city: { en: 'Riyadh', ar: 'الرياض' },
          citySlug: 'riyadh',
          summary: { en: 'x', ar: 'س' },
          description: { en: 'x', ar: 'س' },
          coverImage: '/api/content/v1/media/community-hittin.svg',
          latitude: 24.7,
          longitude: 46.6,
        })
        .expect(422);
      expect(taken.body.results.fields).toEqual([
        { field: 'slug', message: 'معرّف الرابط هذا مستخدم بالفعل على هذا الموقع.' },
      ]);
    });
  });

  describe('top menus', () => {
    it('hides inactive property types from visitors and customers, not from agents and companies', async () => {
      const names = async (type?: string) =>
        (
          await get('sa', `${CONTENT_API.topMenus}${type ? `?type=${type}` : ''}`).expect(200)
        ).body.results.map((m: { menuSlug: string }) => m.menuSlug);
      expect(await names()).toEqual([
        'buy',
        'rent',
        'commercial-buy',
        'new-projects',
        'auctions',
        'find-agent',
        'blog',
      ]);
      const { body } = await get('sa', CONTENT_API.topMenus).expect(200);
      expect(body.results[1]).toEqual({
        _id: expect.any(String),
        name: 'Rent',
        nameAr: 'إيجار',
        link: '/rent/properties-for-rent',
        linkAr: '/إيجار/عقارات-للإيجار',
        menuSlug: 'rent',
      });
      await asAdmin('sa', 'put', CONTENT_API.admin.config)
        .send({ propertyTypes: [{ slug: 'rent', status: 'inactive' }] })
        .expect(200);
      expect(await names()).not.toContain('rent');
      expect(await names('Customer')).not.toContain('rent');
      expect(await names('Agent')).toContain('rent');
      expect(await names('Company')).toContain('rent');
      // The UAE menu is untouched.
      expect((await get('ae', CONTENT_API.topMenus).expect(200)).body.results).toHaveLength(7);
      await get('sa', `${CONTENT_API.topMenus}?type=Visitor`).expect(422);
    });
  });

  describe('FAQs, banners, communities, master data, mortgage', () => {
    it('lists FAQs by category in both languages', async () => {
      const all = await get('ae', `${CONTENT_API.faqs}?limit=3`).expect(200);
      expect(all.body.results).toMatchObject({ total: 9, limit: 3 });
      const renting = await get('sa', `${CONTENT_API.faqs}?category=renting`, 'ar').expect(200);
      expect(renting.body.results.total).toBe(2);
      expect(renting.body.results.items[0]).toMatchObject({ categoryName: 'الإيجار' });
      expect(renting.body.results.items.map((f: { answer: string }) => f.answer).join()).toContain('إيجار');
    });

    it('gives the ad banner’s display in the language', async () => {
      const { body } = await get('sa', CONTENT_API.adBanner, 'ar').expect(200);
      expect(body.results[0].display).toMatchObject({
        title: 'مشاريع جديدة بخطط سداد ميسرة',
        imageUrl: '/api/content/v1/media/banner-ad.svg',
      });
      expect((await get('ae', CONTENT_API.sideAds).expect(200)).body.results).toHaveLength(2);
      expect((await get('ae', CONTENT_API.homeBanner).expect(200)).body.results[0].display.title).toBe(
        'Find your home in the UAE',
      );
    });

    it('lists communities per site and city, and one by Arabic slug', async () => {
      const ae = await get('ae', CONTENT_API.communities).expect(200);
      expect(ae.body.results.total).toBe(6);
      const abuDhabi = await get('ae', `${CONTENT_API.communities}?city=abu-dhabi`, 'ar').expect(200);
      expect(abuDhabi.body.results.items.map((c: { name: string }) => c.name)).toEqual([
        'جزيرة الريم',
        'جزيرة السعديات',
      ]);
      const sa = await get('sa', CONTENT_API.communities).expect(200);
      expect(sa.body.results.total).toBe(5);
      const malqa = await get('sa', CONTENT_API.community('الملقا'), 'ar').expect(200);
      expect(malqa.body.results).toMatchObject({ slug: 'al-malqa', city: 'الرياض', latitude: 24.8118 });
      expect(malqa.body.results.highlights).toContain('قرب طريق الملك فهد');
      await get('ae', CONTENT_API.community('al-malqa')).expect(404);
    });

    it('gives master data and mortgage settings of the site', async () => {
      const master = await get('sa', CONTENT_API.masterData, 'ar').expect(200);
      expect(master.body.results.furnishing).toEqual([
        { value: 'unfurnished', label: 'غير مفروش' },
        { value: 'semiFurnished', label: 'مفروش جزئياً' },
        { value: 'furnished', label: 'مفروش' },
      ]);
      const mortgage = await get('sa', CONTENT_API.mortgageSettings).expect(200);
      expect(mortgage.body.results).toMatchObject({
        currency: 'SAR',
        minPropertyValue: 50000,
        minTermYears: 2,
        maxTermYears: 25,
        maxDownPaymentPercent: 80,
        minInterestRate: 0.45,
        maxInterestRate: 10.55,
      });
      expect((await get('ae', CONTENT_API.mortgageSettings).expect(200)).body.results.currency).toBe('AED');
    });
  });

  describe('admin info', () => {
    it('shows the Saudi app block on sa only, and refuses it on ae', async () => {
      const sa = await get('sa', CONTENT_API.adminInfo, 'ar').expect(200);
      expect(sa.body.results).toMatchObject({
        phonePrefix: '+966',
        licenceCertificateUrl: '/api/content/v1/media/licence-certificate.svg',
        instgramUrl: 'https://www.instagram.com/manzil.sa',
      });
      expect(sa.body.results.addresses[0]).toBe('طريق الملك فهد، العليا، الرياض 12214');
      const ae = await get('ae', CONTENT_API.adminInfo).expect(200);
      expect(ae.body.results).toMatchObject({
        phonePrefix: '+971',
        licenceCertificateUrl: null,
        appStoreUrl: null,
      });

      const current = (await asAdmin('ae', 'get', CONTENT_API.admin.adminInfo).expect(200)).body.results;
      const { site, updatedAt, ...input } = current;
      expect([site, typeof updatedAt]).toEqual(['ae', 'string']);
      const refused = await asAdmin('ae', 'put', CONTENT_API.admin.adminInfo)
        .send({ ...input, licenceCertificateUrl: '/api/content/v1/media/licence-certificate.svg' })
        .expect(422);
      expect(refused.body.results.fields).toEqual([
        { field: 'licenceCertificateUrl', message: 'This is only available on the Saudi site.' },
      ]);
      await asAdmin('ae', 'put', CONTENT_API.admin.adminInfo)
        .send({ ...input, email: 'care@manzil.ae' })
        .expect(200);
      expect((await get('ae', CONTENT_API.adminInfo).expect(200)).body.results.email).toBe('care@manzil.ae');
      expect((await get('sa', CONTENT_API.adminInfo).expect(200)).body.results.email).toBe('hello@manzil.sa');
      await event((p) => p.kind === 'admin-info' && p.id === 'ae');
    });
  });

  describe('public forms', () => {
    const contact = {
      name: 'Huda Saleh',
      email: 'Huda@Example.com',
      countryCode: '+966',
      mobile: '٠٥٠١٢٣٤٥٦٧',
      message: 'Do you list in Khobar?',
    };

    it('stores a contact-us message, acknowledges it and lets the site’s admin answer', async () => {
      const sent = await request(app.getHttpServer())
        .post(CONTENT_API.contactUs)
        .set('x-site', 'sa')
        .set('language', 'ar')
        .send(contact)
        .expect(201);
      expect(sent.body.message).toBe('شكرًا لتواصلك معنا. سيتواصل معك فريقنا قريبًا.');
      const id = sent.body.results.id;
      await event((p) => p.kind === 'contact-message' && p.id === id && p.action === 'created');

      const list = await asAdmin('sa', 'get', `${CONTENT_API.admin.contactMessages}?status=new`).expect(200);
      expect(list.body.results.items[0]).toMatchObject({
        id,
        email: 'huda@example.com',
        mobile: '0501234567',
        language: 'ar',
      });
      expect(
        (await asAdmin('ae', 'get', CONTENT_API.admin.contactMessages).expect(200)).body.results.total,
      ).toBe(0);
      await asAdmin('ae', 'put', CONTENT_API.admin.contactMessageAnswer(id))
        .send({ status: 'closed' })
        .expect(404);

      const noReply = await asAdmin('sa', 'put', CONTENT_API.admin.contactMessageAnswer(id))
        .send({ status: 'answered' })
        .expect(422);
      expect(noReply.body.results.fields).toEqual([{ field: 'reply', message: 'Please enter a reply.' }]);
      const answered = await asAdmin('sa', 'put', CONTENT_API.admin.contactMessageAnswer(id))
        .send({ status: 'answered', reply: 'نعم، قريباً.' })
        .expect(200);
      expect(answered.body.results).toMatchObject({
        status: 'answered',
        reply: 'نعم، قريباً.',
        repliedAt: expect.any(String),
      });
      await event((p) => p.id === id && p.action === 'answered');
    });

    it('names the invalid contact-us fields in English and Arabic', async () => {
      for (const [language, expected] of [
        ['en', { field: 'email', message: 'Please enter a valid email.' }],
        ['ar', { field: 'email', message: 'يرجى إدخال بريد إلكتروني صحيح.' }],
      ] as const) {
        const { body } = await request(app.getHttpServer())
          .post(CONTENT_API.contactUs)
          .set('x-site', 'ae')
          .set('language', language)
          .send({ ...contact, email: 'nope', mobile: '12', message: '' })
          .expect(422);
        expect(body.results.fields).toEqual(expect.arrayContaining([expected]));
        expect(body.results.fields.map((f: { field: string }) => f.field).sort()).toEqual([
          'email',
          'message',
          'mobile',
        ]);
      }
    });

    it('stores complaints and suggestions with their own acknowledgement', async () => {
      const user = await tokenFor('user', { site: 'ae', sub: '0190d6a0-0000-7000-8000-000000000001' });
      const sent = await request(app.getHttpServer())
        .post(CONTENT_API.complaints)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${user}`)
        .send({ ...contact, countryCode: '+971', type: 'suggestion', subject: 'Map view' })
        .expect(201);
      expect(sent.body.message).toBe('Thank you for your suggestion. We read every one.');
      const list = await asAdmin('ae', 'get', CONTENT_API.admin.complaints).expect(200);
      expect(list.body.results.items[0]).toMatchObject({
        type: 'suggestion',
        subject: 'Map view',
        accountId: '0190d6a0-0000-7000-8000-000000000001',
        status: 'new',
      });
      const bad = await request(app.getHttpServer())
        .post(CONTENT_API.complaints)
        .set('x-site', 'ae')
        .set('language', 'ar')
        .send({ ...contact, type: 'praise', subject: '' })
        .expect(422);
      expect(bad.body.results.fields).toEqual(
        expect.arrayContaining([
          { field: 'type', message: 'يرجى اختيار شكوى أو اقتراح.' },
          { field: 'subject', message: 'يرجى إدخال قيمة.' },
        ]),
      );
    });

    it("asks for a rating: 'Please rate the content'", async () => {
      const en = await request(app.getHttpServer())
        .post(CONTENT_API.feedback)
        .set('x-site', 'ae')
        .send({ type: 'blog' })
        .expect(422);
      expect(en.body.results.fields).toEqual([{ field: 'rating', message: 'Please rate the content' }]);
      const ar = await request(app.getHttpServer())
        .post(CONTENT_API.feedback)
        .set('x-site', 'ae')
        .set('language', 'ar')
        .send({ type: 'blog', rating: 6 })
        .expect(422);
      expect(ar.body.results.fields).toEqual([{ field: 'rating', message: 'يرجى تقييم المحتوى' }]);
      const ok = await request(app.getHttpServer())
        .post(CONTENT_API.feedback)
        .set('x-site', 'ae')
        .send({ type: 'blog', target: 'moving-day-checklist', rating: 5 })
        .expect(201);
      expect(ok.body.message).toBe('Thank you for your feedback.');
      const list = await asAdmin('ae', 'get', CONTENT_API.admin.feedback).expect(200);
      expect(list.body.results.items[0]).toMatchObject({ rating: 5, target: 'moving-day-checklist' });
      expect((await asAdmin('sa', 'get', CONTENT_API.admin.feedback).expect(200)).body.results.total).toBe(0);
    });
  });

  describe('media and docs', () => {
    it('serves the shipped images and nothing else', async () => {
      const svg = await get('ae', CONTENT_API.media('blog-01.svg')).expect(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      await get('ae', CONTENT_API.media('..%2Fpackage.json')).expect(404);
      await get('ae', CONTENT_API.media('nope.svg')).expect(404);
      const media = await asAdmin('ae', 'get', CONTENT_API.admin.media).expect(200);
      expect(media.body.results).toEqual(
        expect.arrayContaining([{ file: 'blog-01.svg', url: '/api/content/v1/media/blog-01.svg' }]),
      );
    });

    it('describes every route in /openapi.json', async () => {
      const { body } = await request(app.getHttpServer()).get('/openapi.json').expect(200);
      expect(Object.keys(body.paths)).toEqual(
        expect.arrayContaining([
          '/v1/top-menus',
          '/v1/blogs/{slug}',
          '/v1/admin/blogs/{id}/publish',
          '/v1/contact-us',
          '/v1/admin-info',
        ]),
      );
    });

    it('reads the seeded rows once even when seeded twice', async () => {
      const [{ count }] = await app
        .get(DataSource)
        .query(`SELECT count(*)::int AS count FROM "blogs" WHERE "site" = 'sa'`);
      expect(count).toBe(12);
    });
  });
});
