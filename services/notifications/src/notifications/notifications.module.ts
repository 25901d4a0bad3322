import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { TypeOrmModule } from '@nestjs/typeorm';
import { z } from 'zod';
import {
  notificationPreferencesSchema,
  paginationQuerySchema,
  updateNotificationPreferencesSchema,
} from '@manzil/contracts';
import { createSmsSender, SMS_SENDER, type RouteDoc } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { Deliver } from '../delivery/deliver.js';
import { DISPATCH_INTERVAL, EmailDispatcher } from '../delivery/email-dispatcher.js';
import { Notifier } from '../delivery/notifier.js';
import { createEmailSender, EMAIL_SENDER } from '../email/email-sender.js';
import { EVENT_HANDLERS } from '../handlers/event-handlers.js';
import { PreferencesController } from '../preferences/preferences.controller.js';
import {
  NOTIFICATION_JOBS,
  SMS_QUEUE,
  SMS_RETRY,
  SmsQueue,
  SmsSendProcessor,
} from '../sms/sms-delivery.job.js';
import { Notification } from './notification.entity.js';
import {
  notificationCheckSchema,
  notificationIdParamsSchema,
  notificationPageSchema,
  notificationViewSchema,
} from './notification.schema.js';
import { NotificationsController } from './notifications.controller.js';

export const NOTIFICATION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/notifications',
    summary: "The caller's notifications, newest first",
    query: paginationQuerySchema,
    results: notificationPageSchema,
    roles: ['any signed-in'],
  },
  {
    method: 'get',
    path: '/v1/notifications/check',
    summary: 'Spec §7 check notification: `unreadNotification` (the bell’s dot) and how many are unread',
    results: notificationCheckSchema,
    roles: ['any signed-in'],
  },
  {
    method: 'post',
    path: '/v1/notifications/:id/read',
    summary: 'Marks one of the caller’s notifications read (404 for anyone else’s)',
    params: notificationIdParamsSchema,
    results: notificationViewSchema,
    roles: ['any signed-in'],
  },
  {
    method: 'post',
    path: '/v1/notifications/read-all',
    summary: 'Marks every notification of the caller on the site read',
    results: z.object({ updated: z.number().int() }),
    roles: ['any signed-in'],
  },
  {
    method: 'get',
    path: '/v1/notifications/preferences',
    summary: 'The caller’s channels besides in-app: `sms` and `email` (both on until turned off)',
    results: notificationPreferencesSchema,
    roles: ['any signed-in'],
  },
  {
    method: 'put',
    path: '/v1/notifications/preferences',
    summary: 'Turns text messages and/or e-mails on or off for the caller (respected by the server)',
    body: updateNotificationPreferencesSchema,
    results: notificationPreferencesSchema,
    roles: ['any signed-in'],
  },
];

@Module({})
export class NotificationsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: NotificationsModule,
      // Global: the enquiry module hands its agent notice to the same delivery (Deliver).
      global: true,
      imports: [
        TypeOrmModule.forFeature([Notification]),
        BullModule.registerQueue({ name: SMS_QUEUE, configKey: NOTIFICATION_JOBS }),
      ],
      controllers: [NotificationsController, PreferencesController, ...EVENT_HANDLERS],
      providers: [
        { provide: EMAIL_SENDER, useFactory: () => createEmailSender(config) },
        { provide: SMS_SENDER, useFactory: () => createSmsSender(config) },
        {
          provide: SMS_RETRY,
          useValue: { attempts: config.SMS_ATTEMPTS ?? 8, delayMs: config.SMS_RETRY_MS ?? 5_000 },
        },
        SmsQueue,
        SmsSendProcessor,
        { provide: DISPATCH_INTERVAL, useValue: config.EMAIL_DISPATCH_MS ?? 2_000 },
        Notifier,
        EmailDispatcher,
        Deliver,
      ],
      exports: [Deliver],
    };
  }
}
