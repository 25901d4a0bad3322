import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope, Language } from '@manzil/contracts';

/** Both languages of a text: a notification is written in both (the reader may switch). */
export interface Bilingual {
  en: string;
  ar: string;
}

/** One notification an event gives one recipient. */
export interface NotificationDraft {
  accountId: string;
  /** What it is about, e.g. `appointment.accepted` (the page may pick an icon by it). */
  kind: string;
  /** The page it leads to (a path of the site), or null. */
  link: string | null;
  title: Bilingual;
  body: Bilingual;
  /**
   * The address when the event itself carries it (an appointment's customer); otherwise the
   * recipient's proved address is used, and no e-mail leaves when none is known. `false`: the
   * event's e-mail leaves another way (the enquiry e-mail), none from here.
   */
  email?: string | false;
  /**
   * The text message, for the events a person is texted about (README: which ones): short, in
   * both languages (`sms(...)` adds the brand). Sent to the recipient's proved mobile only.
   */
  sms?: Bilingual;
}

/** What one event's notifications queued: the text messages for the SMS job. */
export interface Notified {
  written: number;
  smsIds: string[];
}

/** A text message in both languages, with the brand first ("Manzil: …" / "منزل: …"). */
export const sms = (text: Bilingual): Bilingual => ({ en: `Manzil: ${text.en}`, ar: `منزل: ${text.ar}` });

/** A listing title or a name cut for a text message (an SMS stays short). */
export const clip = (value: string, max = 32) =>
  value.length <= max ? value : `${value.slice(0, max - 1)}…`;

/** A sum as the notices write it in both languages: "SAR 1,250.5" (isolated in Arabic text). */
export const amount = (value: number, currency: string) =>
  `${currency} ${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** Isolates a name or a number inside Arabic text (FSI … PDI), so a Latin title keeps its order. */
export const isolate = (value: string) => `\u2068${value}\u2069`;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Writes the in-app notifications of an event and queues their e-mails and text messages, in the
 * inbox transaction of the event (`EventInbox.handleOnce`): a redelivered event is skipped by the
 * inbox, and the unique (event, recipient) indexes stop a second row even if a handler were to
 * run twice, so nobody is told twice. E-mail and SMS go only to addresses identity says the
 * person proved (`identity.account.channels`; an e-mail the event itself names, too), never to
 * a deleted account, and not on a channel the person turned off (`notification_preferences`);
 * both are in the recipient's language (English until it is known).
 */
@Injectable()
export class Notifier {
  async notify(manager: EntityManager, event: EventEnvelope, drafts: NotificationDraft[]): Promise<Notified> {
    const notified: Notified = { written: 0, smsIds: [] };
    for (const draft of drafts) {
      const inserted = (await manager.query(
        `INSERT INTO "notifications" ("site", "account_id", "kind", "link", "event_id", "title_en", "title_ar", "body_en", "body_ar")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT ("event_id", "account_id") WHERE "event_id" IS NOT NULL DO NOTHING
         RETURNING "id"`,
        [
          event.site,
          draft.accountId,
          draft.kind,
          draft.link,
          event.id,
          draft.title.en,
          draft.title.ar,
          draft.body.en,
          draft.body.ar,
        ],
      )) as { id: string }[];
      if (!inserted[0]) continue;
      notified.written += 1;
      const [recipient] = (await manager.query(
        `SELECT r."language", r."email", r."phone", r."deleted_at",
                coalesce(p."email", true) AS "email_on", coalesce(p."sms", true) AS "sms_on"
         FROM (SELECT $1::uuid AS "account_id") AS a
         LEFT JOIN "recipients" r ON r."account_id" = a."account_id"
         LEFT JOIN "notification_preferences" p ON p."account_id" = a."account_id"`,
        [draft.accountId],
      )) as {
        language: Language | null;
        email: string | null;
        phone: string | null;
        deleted_at: Date | null;
        email_on: boolean;
        sms_on: boolean;
      }[];
      if (recipient.deleted_at) continue;
      const language: Language = recipient.language ?? 'en';
      const to = draft.email === false ? null : (draft.email ?? recipient.email);
      if (to && recipient.email_on) await this.queueEmail(manager, inserted[0].id, to, language, draft);
      if (draft.sms && recipient.phone && recipient.sms_on) {
        const [queued] = (await manager.query(
          `INSERT INTO "notification_sms" ("event_id", "account_id", "kind", "to", "language", "body")
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("event_id", "account_id") DO NOTHING RETURNING "id"`,
          [event.id, draft.accountId, draft.kind, recipient.phone, language, draft.sms[language]],
        )) as { id: string }[];
        if (queued) notified.smsIds.push(queued.id);
      }
    }
    return notified;
  }

  private async queueEmail(
    manager: EntityManager,
    notificationId: string,
    to: string,
    language: Language,
    draft: NotificationDraft,
  ): Promise<void> {
    const title = draft.title[language];
    const body = draft.body[language];
    const dir = language === 'ar' ? 'rtl' : 'ltr';
    await manager.query(
      `INSERT INTO "notification_emails" ("notification_id", "to", "language", "subject", "text", "html")
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        notificationId,
        to,
        language,
        title,
        `${title}\n\n${body}`,
        `<div dir="${dir}" lang="${language}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></div>`,
      ],
    );
  }
}
