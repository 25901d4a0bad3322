import { z } from 'zod';
import { pageSchema, type Language, type Page } from '@manzil/contracts';
import type { Notification } from './notification.entity.js';

/** Response shape; to move to contracts when the shell's notification bell uses it. */
export const notificationViewSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;
export const notificationPageSchema = pageSchema(notificationViewSchema);
export type NotificationPage = Page<NotificationView>;

/** The notification in the request's language. */
export function toNotificationView(notification: Notification, language: Language): NotificationView {
  return {
    id: notification.id,
    title: language === 'ar' ? notification.titleAr : notification.titleEn,
    body: language === 'ar' ? notification.bodyAr : notification.bodyEn,
    read: notification.readAt !== null,
    readAt: notification.readAt?.toISOString() ?? null,
    createdAt: notification.createdAt.toISOString(),
  };
}
