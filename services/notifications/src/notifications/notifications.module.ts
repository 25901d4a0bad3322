import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { z } from 'zod';
import { paginationQuerySchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { Deliver } from '../delivery/deliver.js';
import { DISPATCH_INTERVAL, EmailDispatcher } from '../delivery/email-dispatcher.js';
import { Notifier } from '../delivery/notifier.js';
import { createEmailSender, EMAIL_SENDER } from '../email/email-sender.js';
import { EVENT_HANDLERS } from '../handlers/event-handlers.js';
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
];

@Module({})
export class NotificationsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [TypeOrmModule.forFeature([Notification])],
      controllers: [NotificationsController, ...EVENT_HANDLERS],
      providers: [
        { provide: EMAIL_SENDER, useFactory: () => createEmailSender(config) },
        { provide: DISPATCH_INTERVAL, useValue: config.EMAIL_DISPATCH_MS ?? 2_000 },
        Notifier,
        EmailDispatcher,
        Deliver,
      ],
    };
  }
}
