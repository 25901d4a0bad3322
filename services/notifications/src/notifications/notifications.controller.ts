import { Controller, Get, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { paginationQuerySchema, type Language, type PaginationQuery, type Site } from '@manzil/contracts';
import {
  Authenticated,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { Notification } from './notification.entity.js';
import { toNotificationView, type NotificationPage } from './notification.schema.js';

@Controller('v1/notifications')
export class NotificationsController {
  constructor(@InjectRepository(Notification) private readonly notifications: Repository<Notification>) {}

  /** The caller's own notifications on this site, newest first. */
  @Get()
  @Authenticated()
  async list(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<NotificationPage> {
    const [rows, total] = await this.notifications.findAndCount({
      where: { site, accountId: user.id },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return {
      items: rows.map((row) => toNotificationView(row, language)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}
