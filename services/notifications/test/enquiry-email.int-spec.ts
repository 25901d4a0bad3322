import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEvent } from '@manzil/bus';
import { accountChannelsV1, enquiryReceivedV1, TOPICS } from '@manzil/contracts';
import { expectEventually } from '@manzil/testing';
import { NotificationsHarness } from './harness.js';

/**
 * enquiry.received → an e-mail to the agent, through the real bus and the sandbox's e-mail sink.
 * Identity's directory is stood in for by a small server answering `GET
 * /v1/directory/agents/by-id/:id` as identity does (its own test checks that route).
 */
describe('notifications: the enquiry e-mail to the agent', () => {
  const h = new NotificationsHarness({
    namespace: 'notifications',
    database: 'notifications',
    busClientId: 'notifications-test',
  });
  let directory: Server;
  const agentId = randomUUID();
  const agentEmail = `agent-${agentId.slice(0, 8)}@ae.manzil.test`;
  const directoryCalls: string[] = [];

  beforeAll(async () => {
    directory = createServer((req, res) => {
      directoryCalls.push(`${String(req.headers['x-site'])} ${req.url}`);
      const known = req.url === `/v1/directory/agents/by-id/${agentId}` && req.headers['x-site'] === 'ae';
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          known ? { status: 200, results: { id: agentId, email: agentEmail } } : { status: 404 },
        ),
      );
    });
    await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
    await h.start((sandbox) => ({
      SMS_URL: `${sandbox}/v1/sms`,
      EMAIL_TIMEOUT_MS: 2_000,
      IDENTITY_URL: `http://127.0.0.1:${(directory.address() as AddressInfo).port}`,
    }));
  }, 120_000);

  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => directory?.close(resolve));
  });

  it('mails the agent once per event, in English while their language is unknown, with the customer’s contact', async () => {
    const enquiryId = randomUUID();
    const event = newEvent(enquiryReceivedV1, 'ae', enquiryId, {
      enquiryId,
      propertyId: randomUUID(),
      propertySlug: 'marina-loft',
      propertyTitle: { en: 'Marina loft', ar: 'لوفت المارينا' },
      agentId,
      companyId: null,
      type: 'make-offer',
      customer: { id: randomUUID(), name: 'Sara Ali', email: 'sara@example.com', phone: '+971501234567' },
      message: 'Would you take 1.9M?',
      createdAt: new Date().toISOString(),
    });
    await h.bus.publish(TOPICS.listingsEnquiry, event);
    await h.bus.publish(TOPICS.listingsEnquiry, event);
    await expectEventually(
      async () => {
        expect(await h.emailsTo(agentEmail)).toHaveLength(1);
      },
      { timeoutMs: 20_000 },
    );
    const [mail] = await h.emailsTo(agentEmail);
    expect(mail.subject).toBe('Make an offer: Marina loft');
    expect(mail.text).toContain('Make an offer from Sara Ali about "Marina loft".');
    expect(mail.text).toContain('+971501234567');
    expect(mail.text).toContain('Would you take 1.9M?');
    // One language only: no Arabic copy beside it.
    expect(mail.text).not.toMatch(/[\u0600-\u06FF]/);
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.html).not.toContain('dir="rtl"');
    // A second delivery of the same event sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await h.emailsTo(agentEmail)).toHaveLength(1);
    expect(directoryCalls).toContain(`ae /v1/directory/agents/by-id/${agentId}`);
  });

  it('mails an Arabic agent in Arabic, and tells them in-app and by text message, once, without a second e-mail', async () => {
    const phone = '+971557770001';
    await h.publishAccount(
      newEvent(accountChannelsV1, 'ae', agentId, {
        accountId: agentId,
        role: 'agent',
        language: 'ar',
        email: agentEmail,
        phone,
      }),
      { phone },
    );
    const mailsBefore = (await h.emailsTo(agentEmail)).length;
    const enquiryId = randomUUID();
    const event = newEvent(enquiryReceivedV1, 'ae', enquiryId, {
      enquiryId,
      propertyId: randomUUID(),
      propertySlug: 'palm-villa',
      propertyTitle: { en: 'Palm villa with a private beach and a very long title', ar: 'فيلا النخلة' },
      agentId,
      companyId: null,
      type: 'call-back',
      customer: { id: randomUUID(), name: 'Omar', email: 'omar@example.com', phone: '+971501112222' },
      message: null,
      createdAt: new Date().toISOString(),
    });
    await h.bus.publish(TOPICS.listingsEnquiry, event);
    await h.bus.publish(TOPICS.listingsEnquiry, event);
    await expectEventually(async () => expect(await h.smsTo(phone)).toHaveLength(1), { timeoutMs: 20_000 });
    expect((await h.smsTo(phone))[0].body).toBe(
      'منزل: استفسار جديد (طلب معاودة الاتصال) بخصوص \u2068فيلا النخلة\u2069. راجع الاستفسارات.',
    );
    const notices = (await h.ds.query(
      `SELECT n."kind", n."title_ar", n."link", (SELECT count(*)::int FROM "notification_emails" e WHERE e."notification_id" = n."id") AS "emails"
       FROM "notifications" n WHERE n."event_id" = $1`,
      [event.id],
    )) as unknown[];
    expect(notices).toEqual([
      {
        kind: 'enquiry.received',
        title_ar: 'استفسار جديد: طلب معاودة الاتصال',
        link: '/enquiries',
        emails: 0,
      },
    ]);
    // The enquiry e-mail itself, once, in Arabic (the agent's language since the channels event).
    await expectEventually(async () => expect(await h.emailsTo(agentEmail)).toHaveLength(mailsBefore + 1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await h.emailsTo(agentEmail);
    expect(mails).toHaveLength(mailsBefore + 1);
    const arabic = mails.filter((m) => m.subject.startsWith('طلب معاودة الاتصال'));
    expect(arabic).toHaveLength(1);
    expect(arabic[0].subject).toBe('طلب معاودة الاتصال: \u2068فيلا النخلة\u2069');
    expect(arabic[0].text).toContain(
      'طلب معاودة الاتصال من \u2068Omar\u2069 بخصوص «\u2068فيلا النخلة\u2069».',
    );
    expect(arabic[0].text).toContain('الجوال: \u2068+971501112222\u2069');
    expect(arabic[0].text).not.toContain('Palm villa');
    expect(arabic[0].text).not.toContain('Phone:');
    expect(arabic[0].html).toContain('dir="rtl"');
    expect(arabic[0].html).not.toContain('dir="ltr"');
  });

  it('does not e-mail the lead twice when the provider took it but answered too late: the event is handled, the notice written once', async () => {
    const mailsBefore = (await h.emailsTo(agentEmail)).length;
    // The sink takes the next e-mail and answers after 3 s; the adapter waits 2 s.
    const late = await fetch(`${h.sandboxUrl}/sandbox/email/delay`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, ms: 3_000 }),
    });
    expect(late.status).toBe(200);
    const enquiryId = randomUUID();
    const event = newEvent(enquiryReceivedV1, 'ae', enquiryId, {
      enquiryId,
      propertyId: randomUUID(),
      propertySlug: 'late-loft',
      propertyTitle: { en: 'Late loft', ar: 'لوفت متأخر' },
      agentId,
      companyId: null,
      type: 'general',
      customer: { id: randomUUID(), name: 'Lina', email: 'lina@example.com', phone: '+971501113333' },
      message: null,
      createdAt: new Date().toISOString(),
    });
    await h.bus.publish(TOPICS.listingsEnquiry, event);
    const noticesOf = async () =>
      (await h.ds.query(`SELECT count(*)::int AS "n" FROM "notifications" WHERE "event_id" = $1`, [
        event.id,
      ])) as {
        n: number;
      }[];
    await expectEventually(async () => expect(await noticesOf()).toEqual([{ n: 1 }]), { timeoutMs: 20_000 });
    // Had the timeout thrown, the inbox transaction would roll back and the bus deliver the event
    // again: a second e-mail. Past the late answer and a redelivery's wait: still one.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await h.emailsTo(agentEmail)).toHaveLength(mailsBefore + 1);
    expect(await noticesOf()).toEqual([{ n: 1 }]);
  }, 40_000);
});
