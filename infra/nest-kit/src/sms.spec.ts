import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppException } from './app.exception.js';
import { ConfigError } from './config.js';
import {
  createSmsSender,
  DEV_SMS_URL,
  ProviderOutcomeUnknown,
  SandboxSmsSender,
  UnifonicSmsSender,
} from './sms.js';

describe('createSmsSender: the adapter chosen by configuration', () => {
  it('development: the sandbox sink, at SMS_URL or the sandbox on this machine', () => {
    expect(createSmsSender({ NODE_ENV: 'development' })).toBeInstanceOf(SandboxSmsSender);
    expect(DEV_SMS_URL).toMatch(/:4010\/v1\/sms$/);
  });

  it('Unifonic when its AppSid is set', () => {
    const sender = createSmsSender({
      NODE_ENV: 'production',
      UNIFONIC_APP_SID: 'sid',
      UNIFONIC_SENDER_ID: 'Manzil',
    });
    expect(sender).toBeInstanceOf(UnifonicSmsSender);
  });

  it.each([
    [{ NODE_ENV: 'production' }, /UNIFONIC_APP_SID is missing; UNIFONIC_SENDER_ID is missing/],
    [
      {
        NODE_ENV: 'production',
        SMS_URL: 'http://sandbox/v1/sms',
        UNIFONIC_APP_SID: 's',
        UNIFONIC_SENDER_ID: 'M',
      },
      /SMS_URL \(the sandbox SMS sink\) is refused/,
    ],
    [{ NODE_ENV: 'development', UNIFONIC_APP_SID: 's' }, /UNIFONIC_SENDER_ID is missing/],
  ])('refuses %j at boot', (config, message) => {
    expect(() => createSmsSender(config)).toThrow(ConfigError);
    expect(() => createSmsSender(config)).toThrow(message);
  });
});

describe('UnifonicSmsSender speaks the provider protocol', () => {
  let server: Server;
  let url: string;
  const received: { contentType?: string; form: URLSearchParams }[] = [];
  let answer: { status: number; body: unknown; delayMs?: number } = {
    status: 200,
    body: { success: 'true' },
  };

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      received.push({
        contentType: request.headers['content-type'],
        form: new URLSearchParams(await readBody(request)),
      });
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/SMS/messages`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the form fields with the recipient in digits only', async () => {
    await new UnifonicSmsSender(url, 'app-sid', 'Manzil').send('+966 55 100 0001', 'رمز التحقق: 1234');
    const { contentType, form } = received.at(-1)!;
    expect(contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form)).toEqual({
      AppSid: 'app-sid',
      SenderID: 'Manzil',
      Recipient: '966551000001',
      Body: 'رمز التحقق: 1234',
      responseType: 'JSON',
    });
  });

  it('accepts success as a boolean too', async () => {
    answer = { status: 200, body: { success: true, data: { MessageID: 1 } } };
    await expect(new UnifonicSmsSender(url, 'a', 'M').send('+971501000001', 'x')).resolves.toBeUndefined();
  });

  it.each([
    { status: 200, body: { success: 'false', errorCode: 'ER-05', message: 'Insufficient balance' } },
    { status: 401, body: { success: false, errorCode: 'ER-01' } },
    { status: 500, body: 'not json' },
  ])('turns a refusal into SERVICE_UNAVAILABLE (safe to ask again): %j', async (refusal) => {
    answer = refusal;
    const sent = new UnifonicSmsSender(url, 'a', 'M').send('+971501000001', 'x');
    await expect(sent).rejects.toMatchObject(new AppException('SERVICE_UNAVAILABLE'));
    await expect(sent).rejects.not.toBeInstanceOf(ProviderOutcomeUnknown);
  });

  it('turns an unreachable provider into SERVICE_UNAVAILABLE (nothing left: safe to ask again)', async () => {
    const sent = new UnifonicSmsSender('http://127.0.0.1:9/x', 'a', 'M').send('+9715', 'x');
    await expect(sent).rejects.toBeInstanceOf(AppException);
    await expect(sent).rejects.not.toBeInstanceOf(ProviderOutcomeUnknown);
  });

  it('a provider that got the message but answers after the timeout: outcome unknown (still a 503 for an OTP)', async () => {
    answer = { status: 200, body: { success: 'true' }, delayMs: 400 };
    const before = received.length;
    const sent = new UnifonicSmsSender(url, 'a', 'M', 100).send('+971501000001', 'x');
    await expect(sent).rejects.toBeInstanceOf(ProviderOutcomeUnknown);
    await expect(sent).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(received.length).toBe(before + 1);
    answer = { status: 200, body: { success: 'true' } };
  });
});
