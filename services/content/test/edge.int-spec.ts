import { expect, it } from '@jest/globals';
import request from 'supertest';
import { describeEdge } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seed } from '../src/seed.js';

describeEdge({
  service: 'content',
  buildDataSource,
  seed,
  appModule: (env) => AppModule.forRoot(envSchema.parse(env)),
  more: (app) => {
    // Found by the driver: Postgres refused the NUL ("invalid byte sequence for encoding UTF8: 0x00") → 500.
    it('answers GET /v1/pages/%00 with 400 in the request language, not 500', async () => {
      const response = await request(app().getHttpServer()).get('/v1/pages/%00').set('language', 'ar');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 400,
        success: false,
        message: 'هذا الطلب غير صالح.',
        results: { code: 'INVALID_REQUEST' },
      });
      const query = await request(app().getHttpServer()).get('/v1/blogs?tag=%00');
      expect([query.status, query.body.results.fields]).toEqual([
        422,
        [{ field: 'tag', message: 'This contains characters that are not allowed.' }],
      ]);
      const body = await request(app().getHttpServer()).post('/v1/contact-us').send({
        name: 'Nul\u0000',
        email: 'a@example.com',
        countryCode: '+971',
        mobile: '501234567',
        message: 'Hi',
      });
      expect([body.status, body.body.results.fields]).toEqual([
        422,
        [{ field: 'name', message: 'This contains characters that are not allowed.' }],
      ]);
    });
  },
});
