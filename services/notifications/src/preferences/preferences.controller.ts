import { Body, Controller, Get, Put } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  updateNotificationPreferencesSchema,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@manzil/contracts';
import { Authenticated, CurrentUser, ZodPipe, type AuthUser } from '@manzil/nest-kit';

/**
 * The caller's own channel choices (README "Preferences"): text messages and e-mails on or off.
 * The notifier reads them in the transaction that queues a message, so a choice holds for every
 * event handled after it is saved. An account is one site's, so the account id is the key.
 */
@Controller('v1/notifications/preferences')
@Authenticated()
export class PreferencesController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async get(@CurrentUser() user: AuthUser): Promise<NotificationPreferences> {
    const [row] = (await this.dataSource.query(
      `SELECT "sms", "email" FROM "notification_preferences" WHERE "account_id" = $1`,
      [user.id],
    )) as NotificationPreferences[];
    return row ? { sms: row.sms, email: row.email } : { ...DEFAULT_NOTIFICATION_PREFERENCES };
  }

  @Put()
  async update(
    @CurrentUser() user: AuthUser,
    @Body(new ZodPipe(updateNotificationPreferencesSchema)) body: UpdateNotificationPreferences,
  ): Promise<NotificationPreferences> {
    const chosen = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...body };
    // One statement: a first choice inserts the defaults with it; a later one changes only what was given.
    const [row] = (await this.dataSource.query(
      `INSERT INTO "notification_preferences" ("account_id", "sms", "email") VALUES ($1, $2, $3)
       ON CONFLICT ("account_id") DO UPDATE SET
         "sms" = CASE WHEN $4::boolean THEN EXCLUDED."sms" ELSE "notification_preferences"."sms" END,
         "email" = CASE WHEN $5::boolean THEN EXCLUDED."email" ELSE "notification_preferences"."email" END,
         "updated_at" = now()
       RETURNING "sms", "email"`,
      [user.id, chosen.sms, chosen.email, body.sms !== undefined, body.email !== undefined],
    )) as NotificationPreferences[];
    return { sms: row.sms, email: row.email };
  }
}
