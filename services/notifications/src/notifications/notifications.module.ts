import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { paginationQuerySchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import { Notification } from './notification.entity.js';
import { notificationPageSchema } from './notification.schema.js';
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
];

@Module({
  imports: [TypeOrmModule.forFeature([Notification])],
  controllers: [NotificationsController],
})
export class NotificationsModule {}
