import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/**
 * Which channels besides in-app a person takes notices on (notifications service,
 * `GET`/`PUT /v1/notifications/preferences`). Both on until the person turns one off; in-app
 * notifications cannot be turned off (they are the record). One-time codes are not notices:
 * identity sends them whatever is chosen here.
 */
export const notificationPreferencesSchema = lazySchema(() =>
  z.object({
    /** Text messages to the proved mobile. */
    sms: z.boolean(),
    /** E-mails to the proved address. */
    email: z.boolean(),
  }),
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A change of one or both; at least one must be given. */
export const updateNotificationPreferencesSchema = lazySchema(() =>
  notificationPreferencesSchema
    .partial()
    .refine((body) => body.sms !== undefined || body.email !== undefined, {
      message: 'required',
      path: ['sms'],
    }),
);
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** Defaults: every channel on (a person who never chose is told everywhere they are reachable). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { sms: true, email: true };
