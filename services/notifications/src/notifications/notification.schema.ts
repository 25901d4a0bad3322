import { z } from 'zod';
import { pageSchema, type Language, type Page } from '@manzil/contracts';
import type { Notification } from './notification.entity.js';

/** Response shape (the shell's bell and `/notifications` page read it through these). */
export const notificationViewSchema = z.object({
  id: z.uuid(),
  /** What it is about (`appointment.accepted`, `listing.approved`, …). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The page of the site it leads to, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;
export const notificationPageSchema = pageSchema(notificationViewSchema);
export type NotificationPage = Page<NotificationView>;

/** Spec §7 "check notification": `results.unreadNotification`. */
export const notificationCheckSchema = z.object({
  unreadNotification: z.boolean(),
  unread: z.number().int().min(0),
});
export const notificationIdParamsSchema = z.object({ id: z.uuid() });

/** The notification in the request's language. */
export function toNotificationView(notification: Notification, language: Language): NotificationView {
  return {
    id: notification.id,
    kind: notification.kind,
    title: language === 'ar' ? notification.titleAr : notification.titleEn,
    body: language === 'ar' ? notification.bodyAr : notification.bodyEn,
    link: notification.link,
    read: notification.readAt !== null,
    readAt: notification.readAt?.toISOString() ?? null,
    createdAt: notification.createdAt.toISOString(),
  };
}
