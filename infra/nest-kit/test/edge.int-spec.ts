import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Body, Controller, Get, type INestApplication, Ip, Module, Param, Post, Query } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  configureApp,
  ManzilKitModule,
  MAX_BODY_DEPTH,
  MetricsServer,
  Public,
  type KitOptions,
} from '../src/index.js';

@Public()
@Controller('v1')
class EchoController {
  @Get('things/:id')
  thing(@Param('id') id: string, @Query() query: Record<string, unknown>) {
    return { id, query };
  }

  @Post('things')
  create(@Body() body: unknown) {
    return body;
  }

  @Get('ip')
  ip(@Ip() ip: string) {
    return { ip };
  }
}

async function startApp(options: Partial<KitOptions> = {}): Promise<INestApplication> {
  @Module({
    imports: [ManzilKitModule.forRoot({ service: 'edge-probe', ...options })],
    controllers: [EchoController],
  })
  class ProbeModule {}
  const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  configureApp(app);
  await app.listen(0, '127.0.0.1');
  return app;
}

/** A GET from a chosen loopback address (127.0.0.2 is another client than 127.0.0.1). */
function getFrom(
  app: INestApplication,
  localAddress: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { results: Record<string, unknown> } }> {
  const { port } = app.getHttpServer().address() as { port: number };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, localAddress, headers }, (res) => {
      let raw = '';
      res.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(raw) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('nest-kit at the edge', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('metrics', () => {
    it('counts a request under its route template, not its raw URL', async () => {
      await http().get('/v1/things/a1b2c3').expect(200);
      await http().get('/v1/things/z9y8x7?page=2').expect(200);
      await http().get('/no/such/route').expect(404);
      const metrics = await http().get('/metrics').expect(200);
      expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
      const text = metrics.text;
      expect(text).toContain(
        'manzil_http_request_duration_seconds_count{service="edge-probe",method="GET",route="/v1/things/:id",status_code="200"} 2',
      );
      expect(text).toContain(
        'manzil_http_requests_total{service="edge-probe",method="GET",route="/v1/things/:id",status_code="200"} 2',
      );
      expect(text).toMatch(
        /manzil_http_request_duration_seconds_bucket\{le="0\.005",service="edge-probe",method="GET",route="\/v1\/things\/:id",status_code="200"\} \d/,
      );
      expect(text).toContain(
        'manzil_http_requests_total{service="edge-probe",method="GET",route="(unmatched)",status_code="404"} 1',
      );
      expect(text).not.toContain('a1b2c3');
      expect(text).not.toContain('/no/such/route');
      // the process metrics of prom-client
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    });

    it('serves /metrics on METRICS_PORT only when one is configured', async () => {
      const separate = await startApp({ metricsPort: 0 });
      try {
        const port = separate.get(MetricsServer).address();
        expect(port).toEqual(expect.any(Number));
        await request(separate.getHttpServer()).get('/v1/things/1').expect(200);
        await request(separate.getHttpServer()).get('/metrics').expect(404);
        const metrics = await request(`http://127.0.0.1:${port}`).get('/metrics').expect(200);
        expect(metrics.text).toContain('manzil_http_request_duration_seconds_count');
        await request(`http://127.0.0.1:${port}`).get('/v1/things/1').expect(404);
      } finally {
        await separate.close();
      }
    });
  });

  describe('bad input', () => {
    it('refuses NUL and other control characters in the path with 400, in the request language', async () => {
      for (const path of ['/v1/things/%00', '/v1/things/a%0Ab', '/v1/things/%7F', '/v1/things/%C2%85']) {
        const en = await http().get(path);
        expect([path, en.status, en.body]).toEqual([
          path,
          400,
          {
            status: 400,
            success: false,
            message: 'This request is not valid.',
            results: { code: 'INVALID_REQUEST' },
          },
        ]);
      }
      const ar = await http().get('/v1/things/%00').set('language', 'ar');
      expect(ar.body.message).toBe('هذا الطلب غير صالح.');
    });

    it('refuses broken percent escapes and invalid UTF-8 in the path', async () => {
      for (const path of [
        '/v1/things/%zz',
        '/v1/things/%E0%A4',
        '/v1/things/%ED%A0%80',
        '/v1/things/%C0%80',
      ]) {
        expect([path, (await http().get(path)).status]).toEqual([path, 400]);
      }
    });

    it('keeps Arabic, emoji and escaped slashes in the path', async () => {
      const arabic = encodeURIComponent('شقة-دبي-مارينا');
      expect((await http().get(`/v1/things/${arabic}`).expect(200)).body.results.id).toBe('شقة-دبي-مارينا');
      expect((await http().get('/v1/things/%F0%9F%8F%A0').expect(200)).body.results.id).toBe('🏠');
      expect((await http().get('/v1/things/..').expect(200)).body.results.id).toBe('..');
    });

    it('names the query parameter that carries a control character (422)', async () => {
      const response = await http()
        .get('/v1/things/1?q=ok&city=Dubai%00&page=1&area=%zz%07')
        .set('language', 'ar');
      expect(response.status).toBe(422);
      expect(response.body.results).toEqual({
        code: 'VALIDATION_FAILED',
        fields: [
          { field: 'city', message: 'يحتوي هذا على أحرف غير مسموح بها.' },
          // a broken escape next to a valid one: the parser still decodes the valid one
          { field: 'area', message: 'يحتوي هذا على أحرف غير مسموح بها.' },
        ],
      });
      // a stray % in a query is a typo, not an attack: read as typed
      expect((await http().get('/v1/things/1?q=100%25&ref=50%off').expect(200)).body.results.query).toEqual({
        q: '100%',
        ref: '50%off',
      });
    });

    it('refuses control characters and lone surrogates in a JSON body, naming each field, but keeps tabs and line breaks', async () => {
      const response = await http()
        .post('/v1/things')
        .send({
          title: 'Villa\u0000',
          description: 'Two lines\r\nand a\ttab',
          rooms: [{ name: 'ok' }, { name: 'bell\u0007' }],
          note: 'half \ud83c',
          ['ke\u0001y']: 'value',
        });
      expect(response.status).toBe(422);
      expect(
        (response.body.results.fields as { field: string; message: string }[]).map((f) => f.field).sort(),
      ).toEqual(['(key)', 'note', 'rooms.1.name', 'title']);
      expect(response.body.results.fields[0].message).toBe('This contains characters that are not allowed.');
      const clean = { description: 'Two lines\r\nand a\ttab', title: 'فيلا 🏠', price: -1 };
      expect((await http().post('/v1/things').send(clean).expect(201)).body.results).toEqual(clean);
    });

    it(`refuses a body nested deeper than ${MAX_BODY_DEPTH} levels`, async () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      const response = await http().post('/v1/things').set('content-type', 'application/json').send(deep);
      expect(response.status).toBe(400);
      expect(response.body.results.code).toBe('INVALID_REQUEST');
    });
  });

  describe('requests Node refuses before the app', () => {
    /** The raw answer to raw bytes: a request too large or malformed never reaches Express. */
    const rawAnswer = (bytes: string) =>
      new Promise<{ head: string; body: string }>((resolve, reject) => {
        const { port } = app.getHttpServer().address() as { port: number };
        const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
        let raw = '';
        socket.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        socket.on('error', reject);
        socket.on('close', () => {
          const at = raw.indexOf('\r\n\r\n');
          resolve({ head: raw.slice(0, at), body: raw.slice(at + 4) });
        });
      });

    it('answers a request line over 16 KB with 431 in the envelope, in the request language', async () => {
      const path = `/v1/things/1?q=${'x'.repeat(20_000)}`;
      for (const [language, pattern] of [
        ['ar', /[\u0600-\u06ff]/],
        ['en', /^[^\u0600-\u06ff]+$/],
      ] as const) {
        const { head, body } = await rawAnswer(
          `GET ${path} HTTP/1.1\r\nHost: localhost\r\nlanguage: ${language}\r\n\r\n`,
        );
        expect(head).toMatch(/^HTTP\/1\.1 431 /);
        expect(head).toMatch(/content-type: application\/json/i);
        const envelope = JSON.parse(body) as { status: number; success: boolean; message: string };
        expect(envelope).toMatchObject({
          status: 431,
          success: false,
          results: { code: 'INVALID_REQUEST' },
        });
        expect(envelope.message).toMatch(pattern);
      }
    });

    it('answers a malformed request with 400 in the envelope', async () => {
      const { head, body } = await rawAnswer('NOT A REQUEST\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(body)).toMatchObject({ status: 400, success: false });
    });
  });

  describe('trust proxy', () => {
    it('believes X-Forwarded-For only from the configured proxy range', async () => {
      const behindProxy = await startApp({ trustProxy: '127.0.0.1/32' });
      try {
        const viaProxy = await getFrom(behindProxy, '127.0.0.1', '/v1/ip', {
          'x-forwarded-for': '203.0.113.7',
        });
        expect(viaProxy.body.results.ip).toBe('203.0.113.7');
        const spoofed = await getFrom(behindProxy, '127.0.0.2', '/v1/ip', {
          'x-forwarded-for': '203.0.113.7',
        });
        expect(spoofed.body.results.ip).toBe('127.0.0.2');
        // the proxy appends what it saw; only the hop it vouches for counts
        const chained = await getFrom(behindProxy, '127.0.0.1', '/v1/ip', {
          'x-forwarded-for': '198.51.100.1, 203.0.113.8',
        });
        expect(chained.body.results.ip).toBe('203.0.113.8');
      } finally {
        await behindProxy.close();
      }
    });
  });
});
