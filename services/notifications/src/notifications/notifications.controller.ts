import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { paginationQuerySchema, type Language, type PaginationQuery, type Site } from '@manzil/contracts';
import {
  AppException,
  Authenticated,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { Notification } from './notification.entity.js';
import {
  notificationIdParamsSchema,
  toNotificationView,
  type NotificationPage,
  type NotificationView,
} from './notification.schema.js';

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

  /** The bell: anything unread (a partial index keeps this cheap however long the history). */
  @Get('check')
  @Authenticated()
  async check(@CurrentUser() user: AuthUser, @CurrentSite() site: Site) {
    const unread = await this.notifications.count({ where: { site, accountId: user.id, readAt: IsNull() } });
    return { unreadNotification: unread > 0, unread };
  }

  @Post('read-all')
  @HttpCode(200)
  @Authenticated()
  async readAll(@CurrentUser() user: AuthUser, @CurrentSite() site: Site) {
    const result = await this.notifications.update(
      { site, accountId: user.id, readAt: IsNull() },
      { readAt: () => 'now()' },
    );
    return { updated: result.affected ?? 0 };
  }

  /** Marks one read (again: unchanged); someone else's, or another site's, does not exist. */
  @Post(':id/read')
  @HttpCode(200)
  @Authenticated()
  async read(
    @Param(new ZodPipe(notificationIdParamsSchema)) params: { id: string },
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<NotificationView> {
    await this.notifications.update(
      { id: params.id, site, accountId: user.id, readAt: IsNull() },
      { readAt: () => 'now()' },
    );
    const row = await this.notifications.findOne({ where: { id: params.id, site, accountId: user.id } });
    if (!row) throw new AppException('NOT_FOUND');
    return toNotificationView(row, language);
  }
}
