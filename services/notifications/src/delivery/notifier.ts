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
   * recipient's known address is used, and no e-mail leaves when none is known.
   */
  email?: string;
}

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
 * Writes the in-app notifications of an event and queues their e-mails, in the inbox
 * transaction of the event (`EventInbox.handleOnce`): a redelivered event is skipped by the
 * inbox, and the unique (event, recipient) index stops a second row even if a handler were to
 * run twice, so nobody is told twice. The e-mail is in the recipient's language (identity's
 * `language` of the account, English until it is known).
 */
@Injectable()
export class Notifier {
  async notify(manager: EntityManager, event: EventEnvelope, drafts: NotificationDraft[]): Promise<number> {
    let written = 0;
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
      written += 1;
      const [recipient] = (await manager.query(
        `SELECT "language", "email", "deleted_at" FROM "recipients" WHERE "account_id" = $1`,
        [draft.accountId],
      )) as { language: Language; email: string | null; deleted_at: Date | null }[];
      if (recipient?.deleted_at) continue;
      const to = draft.email ?? recipient?.email ?? null;
      if (!to) continue;
      const language: Language = recipient?.language ?? 'en';
      const title = draft.title[language];
      const body = draft.body[language];
      const dir = language === 'ar' ? 'rtl' : 'ltr';
      await manager.query(
        `INSERT INTO "notification_emails" ("notification_id", "to", "language", "subject", "text", "html")
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [
          inserted[0].id,
          to,
          language,
          title,
          `${title}\n\n${body}`,
          `<div dir="${dir}" lang="${language}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></div>`,
        ],
      );
    }
    return written;
  }
}
