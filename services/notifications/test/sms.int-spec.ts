import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { newEvent } from '@manzil/bus';
import {
  accountChannelsV1,
  appointmentAcceptedV1,
  appointmentCanceledV1,
  appointmentRequestedV1,
  listingRejectedV1,
  TOPICS,
  type Site,
} from '@manzil/contracts';
import { expectEventually } from '@manzil/testing';
import { EmailDispatcher } from '../src/delivery/email-dispatcher.js';
import { OUTCOME_UNKNOWN, OUTCOME_UNKNOWN_TIMEOUT } from '../src/delivery/send-claim.js';
import { SMS_QUEUE, SmsQueue } from '../src/sms/sms-delivery.job.js';
import { appointment, outbid, NotificationsHarness } from './harness.js';

/**
 * Text messages (and the owners' and agents' e-mails) through the real bus, the real database and
 * the sandbox playing Unifonic: the production adapter (`UnifonicSmsSender`) is the code under
 * test. Recipients are known from `identity.account.channels`, as identity publishes it.
 */
describe('notifications: SMS and e-mail to proved addresses, once, in the recipient’s language', () => {
  const h = new NotificationsHarness({
    namespace: 'notifications-sms',
    database: 'notifications_sms',
    busClientId: 'notifications-sms-test',
  });
  const SMS_ATTEMPTS = 4;

  beforeAll(async () => {
    await h.start((sandbox) => ({
      EMAIL_DISPATCH_MS: 100,
      UNIFONIC_URL: `${sandbox}/rest/SMS/messages`,
      UNIFONIC_APP_SID: 'manzil-dev',
      UNIFONIC_SENDER_ID: 'Manzil',
      SMS_ATTEMPTS,
      SMS_RETRY_MS: 100,
      // Long enough for a loaded machine, short enough for the late provider's test.
      SMS_TIMEOUT_MS: 2_000,
      EMAIL_TIMEOUT_MS: 2_000,
    }));
  }, 120_000);

  afterAll(async () => {
    await h.close();
  });

  let phones = 0;
  /** A fresh mobile per person, so the sink's list per recipient is theirs alone. */
  const newPhone = () => `+97155${String(Date.now() % 100_000).padStart(5, '0')}${phones++ % 10}`;

  /** What identity publishes for an account; resolves once notifications holds it. */
  async function person(
    site: Site,
    role: 'user' | 'agent' | 'company',
    language: 'en' | 'ar',
    contact: { phone: string | null; email?: string | null },
  ): Promise<string> {
    const accountId = randomUUID();
    const event = newEvent(accountChannelsV1, site, accountId, {
      accountId,
      role,
      language,
      phone: contact.phone,
      email: contact.email ?? null,
    });
    await h.publishAccount(event, { phone: contact.phone });
    return accountId;
  }

  const failNextSms = async (count: number) => {
    const response = await fetch(`${h.sandboxUrl}/sandbox/sms/failures`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count }),
    });
    expect(response.status).toBe(200);
  };
  /** The sandbox takes the next `count` sends of a channel but answers only after `ms`. */
  const answerLate = async (channel: 'sms' | 'email', count: number, ms: number) => {
    const response = await fetch(`${h.sandboxUrl}/sandbox/${channel}/delay`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count, ms }),
    });
    expect(response.status).toBe(200);
  };
  const notificationsOf = async (accountId: string) =>
    (await h.ds.query(`SELECT "kind" FROM "notifications" WHERE "account_id" = $1`, [accountId])) as {
      kind: string;
    }[];
  const smsRowsOf = async (accountId: string) =>
    (await h.ds.query(
      `SELECT "attempts", "sent_at" IS NOT NULL AS "sent", "failed_at" IS NOT NULL AS "failed", "last_error"
       FROM "notification_sms" WHERE "account_id" = $1`,
      [accountId],
    )) as { attempts: number; sent: boolean; failed: boolean; last_error: string | null }[];

  it('texts the agent of a viewing request in Arabic and the customer’s answer in English, once however often the event comes', async () => {
    const agentPhone = newPhone();
    const customerPhone = newPhone();
    const agent = await person('ae', 'agent', 'ar', { phone: agentPhone });
    const customer = await person('ae', 'user', 'en', { phone: customerPhone });
    const facts = appointment(customer, agent);
    const requested = newEvent(appointmentRequestedV1, 'ae', facts.appointmentId, facts);
    await h.bus.publish(TOPICS.listingsAppointment, requested);
    await h.bus.publish(
      TOPICS.listingsAppointment,
      newEvent(appointmentAcceptedV1, 'ae', facts.appointmentId, {
        ...facts,
        decidedAt: new Date().toISOString(),
      }),
    );

    await expectEventually(async () => expect(await h.smsTo(agentPhone)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    const [toAgent] = await h.smsTo(agentPhone);
    expect(toAgent.body).toMatch(/^منزل: طلب جديد: معاينة يوم /);
    expect(toAgent.body).toContain('03:30 م');
    expect(toAgent.body).toContain('اقبله أو ارفضه');
    await expectEventually(async () => expect(await h.smsTo(customerPhone)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    expect((await h.smsTo(customerPhone))[0].body).toBe(
      'Manzil: your viewing on 01 Dec, 2026 at 03:30 PM is confirmed.',
    );

    // The same request again, then a cancellation of the same appointment (same key: handled
    // after the replay). Once the cancellation is in, the replay has been handled: no second text.
    await h.bus.publish(TOPICS.listingsAppointment, requested);
    await h.bus.publish(
      TOPICS.listingsAppointment,
      newEvent(appointmentCanceledV1, 'ae', facts.appointmentId, {
        ...facts,
        previousStatus: 'accepted',
        canceledAt: new Date().toISOString(),
      }),
    );
    await expectEventually(async () =>
      expect((await notificationsOf(agent)).map((n) => n.kind).sort()).toEqual([
        'appointment.canceled',
        'appointment.requested',
      ]),
    );
    expect(await h.smsTo(agentPhone)).toHaveLength(1);
    expect(await smsRowsOf(agent)).toEqual([{ attempts: 1, sent: true, failed: false, last_error: null }]);
  });

  it('texts nobody without a proved mobile, nor a person who turned text messages off (in-app still written)', async () => {
    const unproved = await person('ae', 'user', 'en', { phone: null });
    const optedOutPhone = newPhone();
    const optedOut = await person('ae', 'user', 'en', { phone: optedOutPhone });

    expect(
      (await (await h.as('ae', optedOut)).get('/v1/notifications/preferences').expect(200)).body.results,
    ).toEqual({
      sms: true,
      email: true,
    });
    await (await h.as('ae', optedOut)).put('/v1/notifications/preferences', {}).expect(422);
    const changed = await (
      await h.as('ae', optedOut)
    )
      .put('/v1/notifications/preferences', { sms: false })
      .expect(200);
    expect(changed.body.results).toEqual({ sms: false, email: true });
    expect(
      (await (await h.as('ae', optedOut)).get('/v1/notifications/preferences').expect(200)).body.results,
    ).toEqual({
      sms: false,
      email: true,
    });

    for (const bidder of [unproved, optedOut]) {
      await h.bus.publish(TOPICS.auctionsAuction, outbid('ae', bidder));
    }
    // The notification and its text message are written in one transaction: once the
    // notification is there, no text message row will follow.
    for (const bidder of [unproved, optedOut]) {
      await expectEventually(async () =>
        expect(await notificationsOf(bidder)).toEqual([{ kind: 'bid.outbid' }]),
      );
      expect(await smsRowsOf(bidder)).toEqual([]);
    }
    expect(await h.smsTo(optedOutPhone)).toEqual([]);
  });

  it('retries a text message the provider refused, with backoff, and gives one up after the last attempt; in-app does not wait', async () => {
    const phone = newPhone();
    const bidder = await person('sa', 'user', 'ar', { phone });
    const outbidThem = () => outbid('sa', bidder);

    // Two refusals, then the provider takes it: sent on the third attempt.
    await failNextSms(2);
    await h.bus.publish(TOPICS.auctionsAuction, outbidThem());
    await expectEventually(async () => expect(await notificationsOf(bidder)).toHaveLength(1));
    await expectEventually(async () => expect(await h.smsTo(phone)).toHaveLength(1), { timeoutMs: 15_000 });
    expect((await h.smsTo(phone))[0].body).toBe(
      'منزل: تم تجاوز مزايدتك (\u2068SAR 2,500\u2069). زايد مجددًا لتبقى في الصدارة.',
    );
    expect(await smsRowsOf(bidder)).toEqual([{ attempts: 3, sent: true, failed: false, last_error: null }]);

    // A provider down for longer than the attempts: given up, marked failed, nothing sent.
    await failNextSms(SMS_ATTEMPTS);
    await h.bus.publish(TOPICS.auctionsAuction, outbidThem());
    await expectEventually(async () => expect(await notificationsOf(bidder)).toHaveLength(2));
    await expectEventually(
      async () =>
        expect((await smsRowsOf(bidder)).filter((row) => row.failed)).toEqual([
          { attempts: SMS_ATTEMPTS, sent: false, failed: true, last_error: expect.any(String) },
        ]),
      { timeoutMs: 15_000 },
    );
    expect(await h.smsTo(phone)).toHaveLength(1);
    await failNextSms(0);
  });

  it('never sends twice: a text message or e-mail whose sending a dead process interrupted is given up, one being sent now is left to its sender', async () => {
    // What a process that died while asking the provider leaves: the claim committed, no answer
    // recorded. Ten minutes ago (stale), and a moment ago (another worker still asking).
    const account = await person('ae', 'user', 'en', { phone: null });
    const interruptedPhone = newPhone();
    const inFlightPhone = newPhone();
    const claimed = async (to: string, ago: string) =>
      (
        (await h.ds.query(
          `INSERT INTO "notification_sms" ("event_id", "account_id", "kind", "to", "language", "body", "attempts", "sending_at")
           VALUES ($1, $2, 'bid.outbid', $3, 'en', 'Manzil: you were outbid.', 1, now() - CAST($4 AS interval))
           RETURNING "id"`,
          [randomUUID(), account, to, ago],
        )) as { id: string }[]
      )[0].id;
    const interrupted = await claimed(interruptedPhone, '10 minutes');
    const inFlight = await claimed(inFlightPhone, '1 second');
    const smsRow = async (id: string) =>
      (
        (await h.ds.query(
          `SELECT "attempts", "sent_at" IS NOT NULL AS "sent", "failed_at" IS NOT NULL AS "failed", "last_error"
           FROM "notification_sms" WHERE "id" = $1`,
          [id],
        )) as { attempts: number; sent: boolean; failed: boolean; last_error: string | null }[]
      )[0];

    // The start's catch-up queues every message owed: the interrupted one is given up, unsent.
    await h.app.get(SmsQueue).catchUp();
    await expectEventually(async () =>
      expect(await smsRow(interrupted)).toEqual({
        attempts: 1,
        sent: false,
        failed: true,
        last_error: OUTCOME_UNKNOWN,
      }),
    );
    // The one in flight is neither sent again nor given up while its claim is fresh: its job ran
    // (and will come back after its wait), the row is as the other worker left it.
    const queue = h.app.get<Queue>(getQueueToken(SMS_QUEUE));
    await expectEventually(async () =>
      expect((await queue.getJob(inFlight))?.attemptsMade).toBeGreaterThanOrEqual(1),
    );
    expect(await smsRow(inFlight)).toEqual({ attempts: 1, sent: false, failed: false, last_error: null });
    expect(await h.smsTo(interruptedPhone)).toEqual([]);
    expect(await h.smsTo(inFlightPhone)).toEqual([]);

    // The same for an e-mail: the dispatcher's next round gives the interrupted one up.
    const to = `interrupted-${randomUUID().slice(0, 8)}@example.com`;
    const [notification] = (await h.ds.query(
      `INSERT INTO "notifications" ("site", "account_id", "title_en", "title_ar", "body_en", "body_ar", "kind")
       VALUES ('ae', $1, 'You were outbid', 'تم تجاوز مزايدتك', 'Bid again.', 'زايد مجددًا.', 'bid.outbid')
       RETURNING "id"`,
      [account],
    )) as { id: string }[];
    await h.ds.query(
      `INSERT INTO "notification_emails" ("notification_id", "to", "language", "subject", "text", "html", "attempts", "sending_at")
       VALUES ($1, $2, 'en', 'You were outbid', 'Bid again.', '<p>Bid again.</p>', 1, now() - interval '10 minutes')`,
      [notification.id, to],
    );
    await h.app.get(EmailDispatcher).drain();
    expect(
      await h.ds.query(
        `SELECT "attempts", "sent_at" IS NOT NULL AS "sent", "failed_at" IS NOT NULL AS "failed", "last_error"
         FROM "notification_emails" WHERE "notification_id" = $1`,
        [notification.id],
      ),
    ).toEqual([{ attempts: 1, sent: false, failed: true, last_error: OUTCOME_UNKNOWN }]);
    expect(await h.emailsTo(to)).toEqual([]);
  });

  it('never sends twice: a provider that takes a message but answers after the timeout is not asked again (outcome unknown), text and e-mail alike', async () => {
    const phone = newPhone();
    const email = `late-${randomUUID().slice(0, 8)}@example.com`;
    const bidder = await person('ae', 'user', 'en', { phone, email });
    // Both providers take the next message and answer after 3 s; our adapters wait 2 s.
    await answerLate('sms', 1, 3_000);
    await answerLate('email', 1, 3_000);
    await h.bus.publish(TOPICS.auctionsAuction, outbid('ae', bidder));
    const emailRowsOf = async (accountId: string) =>
      (await h.ds.query(
        `SELECT e."attempts", e."sent_at" IS NOT NULL AS "sent", e."failed_at" IS NOT NULL AS "failed", e."last_error"
         FROM "notification_emails" e JOIN "notifications" n ON n."id" = e."notification_id" WHERE n."account_id" = $1`,
        [accountId],
      )) as { attempts: number; sent: boolean; failed: boolean; last_error: string | null }[];
    const givenUp = [{ attempts: 1, sent: false, failed: true, last_error: OUTCOME_UNKNOWN_TIMEOUT }];
    await expectEventually(
      async () => {
        expect(await smsRowsOf(bidder)).toEqual(givenUp);
        expect(await emailRowsOf(bidder)).toEqual(givenUp);
      },
      { timeoutMs: 15_000 },
    );
    // Each provider did take it, once. Well past the retry waits (0.1 s for texts, 2 s for
    // e-mails) and the late answers, nobody asked again: still one of each, the rows unchanged.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await h.smsTo(phone)).toHaveLength(1);
    expect(await h.emailsTo(email)).toHaveLength(1);
    expect(await smsRowsOf(bidder)).toEqual(givenUp);
    expect(await emailRowsOf(bidder)).toEqual(givenUp);
    await answerLate('sms', 0, 0);
    await answerLate('email', 0, 0);
  }, 40_000);

  it('e-mails and texts a listing’s agent at the addresses identity says were proved, in their language; an e-mail opt-out holds', async () => {
    const agentPhone = newPhone();
    const agentEmail = `agent-${randomUUID().slice(0, 8)}@example.com`;
    const agent = await person('sa', 'agent', 'ar', { phone: agentPhone, email: agentEmail });
    const companyEmail = `company-${randomUUID().slice(0, 8)}@example.com`;
    const company = await person('sa', 'company', 'en', { phone: null, email: companyEmail });
    await (await h.as('sa', company)).put('/v1/notifications/preferences', { email: false }).expect(200);

    const listing = randomUUID();
    await h.bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingRejectedV1, 'sa', listing, {
        id: listing,
        agentId: agent,
        companyId: company,
        reason: 'The photos are blurred',
        rejectedAt: new Date().toISOString(),
        by: { id: randomUUID(), role: 'admin' },
        publishedStays: false,
      }),
    );
    await expectEventually(async () => expect(await h.emailsTo(agentEmail)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    const [mail] = await h.emailsTo(agentEmail);
    expect(mail.subject).toBe('لم تتم الموافقة على إعلانك');
    expect(mail.text).toContain('السبب: \u2068The photos are blurred\u2069');
    await expectEventually(async () => expect(await h.smsTo(agentPhone)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    expect((await h.smsTo(agentPhone))[0].body).toBe(
      'منزل: لم تتم الموافقة على إعلانك. اطّلع على السبب في بوابتك.',
    );
    // The company turned e-mails off: told in-app only (its e-mail row would be written with it).
    expect(await notificationsOf(company)).toEqual([{ kind: 'listing.rejected' }]);
    const companyMails = (await h.ds.query(
      `SELECT 1 FROM "notification_emails" e JOIN "notifications" n ON n."id" = e."notification_id" WHERE n."account_id" = $1`,
      [company],
    )) as unknown[];
    expect(companyMails).toEqual([]);
  });

  it('keeps the newest channels of an account: an older event replayed later changes nothing', async () => {
    const accountId = randomUUID();
    const newer = newEvent(accountChannelsV1, 'ae', accountId, {
      accountId,
      role: 'user',
      language: 'ar',
      phone: '+971559990001',
      email: 'newer@example.com',
    });
    const older = {
      ...newEvent(accountChannelsV1, 'ae', accountId, {
        accountId,
        role: 'user',
        language: 'en',
        phone: null,
        email: null,
      }),
      occurredAt: new Date(Date.parse(newer.occurredAt) - 60_000).toISOString(),
    };
    await h.bus.publish(TOPICS.identityAccount, newer);
    await h.bus.publish(TOPICS.identityAccount, older);
    // Handled (the inbox holds it) and written in the same transaction as its row change.
    await expectEventually(async () => {
      const handled = (await h.ds.query(
        `SELECT 1 FROM "inbox" WHERE "consumer" = 'notifications' AND "event_id" = $1`,
        [older.id],
      )) as unknown[];
      expect(handled).toHaveLength(1);
    });
    const rows = (await h.ds.query(
      `SELECT "language", "phone", "email" FROM "recipients" WHERE "account_id" = $1`,
      [accountId],
    )) as unknown[];
    expect(rows).toEqual([{ language: 'ar', phone: '+971559990001', email: 'newer@example.com' }]);
  });
});
