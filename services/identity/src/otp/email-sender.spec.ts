import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConfigError, DEV_EMAIL_URL, type EmailEnv } from '@manzil/nest-kit';
import { envSchema } from '../config.js';
import { createEmailSender, SandboxEmailSender, SmtpEmailSender } from './email-sender.js';
import { emailOtpMessage } from './otp-email.js';

const smtp = 'smtp://mailer:secret@127.0.0.1:2525';

describe('createEmailSender: the adapter chosen by configuration', () => {
  it('development and test: the sandbox sink, at EMAIL_URL or the sandbox on this machine', () => {
    const dev = createEmailSender({ NODE_ENV: 'development' });
    expect(dev).toBeInstanceOf(SandboxEmailSender);
    expect((dev as SandboxEmailSender).url).toBe(DEV_EMAIL_URL);
    const test = createEmailSender({ NODE_ENV: 'test', EMAIL_URL: 'http://127.0.0.1:9/v1/email' });
    expect((test as SandboxEmailSender).url).toBe('http://127.0.0.1:9/v1/email');
  });

  it('SMTP through nodemailer when SMTP_URL is set, with MAIL_FROM as the sender', () => {
    const sender = createEmailSender({
      NODE_ENV: 'production',
      SMTP_URL: smtp,
      MAIL_FROM: 'Manzil <no-reply@manzil.example>',
    });
    expect(sender).toBeInstanceOf(SmtpEmailSender);
    expect((sender as SmtpEmailSender).from).toBe('Manzil <no-reply@manzil.example>');
    expect(createEmailSender({ NODE_ENV: 'development', SMTP_URL: smtp })).toBeInstanceOf(SmtpEmailSender);
  });

  it.each<[string, EmailEnv, RegExp]>([
    ['no SMTP at all', { NODE_ENV: 'production' }, /SMTP_URL is missing; MAIL_FROM is missing/],
    ['no sender', { NODE_ENV: 'production', SMTP_URL: smtp }, /MAIL_FROM is missing/],
    [
      'the sandbox sink',
      { NODE_ENV: 'production', EMAIL_URL: DEV_EMAIL_URL, SMTP_URL: smtp, MAIL_FROM: 'a@b.example' },
      /EMAIL_URL \(the sandbox e-mail sink\) is refused with NODE_ENV=production/,
    ],
    [
      'a sender that is no address',
      { NODE_ENV: 'production', SMTP_URL: smtp, MAIL_FROM: 'Manzil' },
      /MAIL_FROM must be an address/,
    ],
  ])('production refuses to boot with %s (one ConfigError line)', (_name, config, message) => {
    expect(() => createEmailSender(config)).toThrow(ConfigError);
    expect(() => createEmailSender(config)).toThrow(message);
  });

  it('the sink adapter itself refuses to exist in production', () => {
    expect(() => new SandboxEmailSender(DEV_EMAIL_URL, 'production')).toThrow(
      /refused with NODE_ENV=production/,
    );
  });

  it("identity's environment checks SMTP_URL's scheme", () => {
    const base = {
      DATABASE_URL: 'postgres://x@127.0.0.1/identity',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_PUBLIC_KEY: 'pem',
      JWT_PRIVATE_KEY: 'pem',
    };
    expect(envSchema.safeParse({ ...base, SMTP_URL: 'http://mail.example' }).success).toBe(false);
    expect(envSchema.safeParse({ ...base, SMTP_URL: 'smtps://u:p@mail.example:465' }).success).toBe(true);
  });
});

/** Just enough SMTP to take one message: what nodemailer sends over the wire. */
function fakeSmtpServer(received: string[]): Server {
  return createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      if (data) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        received.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 5);
        data = false;
        socket.write('250 2.0.0 queued\r\n');
      }
      let newline: number;
      while (!data && (newline = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
}

describe('SmtpEmailSender', () => {
  const received: string[] = [];
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = fakeSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('delivers the code e-mail over SMTP with a text and an HTML part, in Arabic', async () => {
    const sender = createEmailSender({
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Manzil <no-reply@manzil.example>',
    });
    await sender.send({ to: 'layla@example.com', ...emailOtpMessage('ar', '4821', 2) });
    expect(received).toHaveLength(1);
    const [raw] = received;
    expect(raw).toMatch(/^From: Manzil <no-reply@manzil\.example>/m);
    expect(raw).toMatch(/^To: layla@example\.com/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain('4821');
  });

  it('turns an unreachable server into 503 SERVICE_UNAVAILABLE', async () => {
    const sender = createEmailSender({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:9' });
    await expect(
      sender.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('emailOtpMessage', () => {
  it('puts the code first in the text and reads right to left in Arabic', () => {
    const ar = emailOtpMessage('ar', '0427', 2);
    expect(ar.text.startsWith('0427')).toBe(true);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    const en = emailOtpMessage('en', '0427', 2);
    expect(en.subject).toBe('Your Manzil e-mail verification code');
    expect(en.text).toContain('It expires in 2 minutes');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
  });
});
