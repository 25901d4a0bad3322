import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { pageSchema } from '@manzil/contracts';
import { Button, EmptyState, Skeleton, apiFetch, formatSiteDate, useSession } from '@manzil/ui';
import { useShell } from '../auth/shell-context.js';
import { notificationKeys } from '../chrome/header-actions.js';
import './notifications.css';

const NOTIFICATIONS_API = '/api/notifications/v1/notifications';
const PAGE_SIZE = 20;

const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
type NotificationItem = z.infer<typeof notificationSchema>;

/**
 * `/notifications` (spec §2): the account's notifications, newest first, twenty at a time,
 * unread ones marked; opening one or "mark as read" reads it, and the bell's dot follows.
 */
export function NotificationsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language, site } = useShell();
  const session = useSession();
  const client = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'page', language],
    initialPageParam: 1,
    enabled: Boolean(session),
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiFetch(NOTIFICATIONS_API, {
          language,
          signal,
          query: { page: pageParam, limit: PAGE_SIZE },
          results: pageSchema(notificationSchema),
        })
      ).results,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const markRead = useMutation({
    mutationFn: (id: string) => apiFetch(`${NOTIFICATIONS_API}/${id}/read`, { language, method: 'POST' }),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: () => apiFetch(`${NOTIFICATIONS_API}/read-all`, { language, method: 'POST' }),
    onSettled: refresh,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((item) => !item.read);

  return (
    <div className="mz-container notifications" data-testid="notifications-page">
      <header className="notifications__head">
        <h1>{t('shell.notifications.title')}</h1>
        {anyUnread ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => readAll.mutate()}
            data-testid="notifications-read-all"
          >
            {t('shell.notifications.readAll')}
          </Button>
        ) : null}
      </header>
      {list.isError && !list.data ? (
        <EmptyState
          title={t('shell.notifications.failed')}
          action={<Button onClick={() => void list.refetch()}>{t('shell.retry')}</Button>}
          testId="notifications-error"
        />
      ) : !list.data ? (
        <div className="notifications__list">
          <Skeleton inlineSize="100%" blockSize="4rem" radius="md" />
          <Skeleton inlineSize="100%" blockSize="4rem" radius="md" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          title={t('shell.notifications.empty')}
          description={t('shell.notifications.emptyLead')}
          testId="notifications-empty"
        />
      ) : (
        <ul className="notifications__list" data-testid="notifications-list">
          {items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              date={formatSiteDate(item.createdAt, { site, language, month: 'short' })}
              onRead={() => markRead.mutate(item.id)}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <div className="notifications__more">
          <Button
            variant="secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {t('shell.notifications.more')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function NotificationRow({
  item,
  date,
  onRead,
}: {
  item: NotificationItem;
  date: string;
  onRead: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <li
      className={`notifications__item${item.read ? '' : ' notifications__item--unread'}`}
      data-testid="notification-item"
      data-read={item.read ? 'true' : 'false'}
      data-kind={item.kind}
    >
      {item.read ? null : (
        <span className="notifications__dot" aria-label={t('shell.notifications.unread')} role="img" />
      )}
      <div className="notifications__text">
        <h2 className="notifications__title">{item.title}</h2>
        <p className="notifications__body">{item.body}</p>
        <time className="notifications__date" dateTime={item.createdAt}>
          {date}
        </time>
      </div>
      <div className="notifications__actions">
        {item.link ? (
          <Link to={item.link} onClick={item.read ? undefined : onRead} data-testid="notification-open">
            {t('shell.notifications.open')}
          </Link>
        ) : null}
        {item.read ? null : (
          <Button variant="ghost" size="sm" onClick={onRead} data-testid="notification-mark-read">
            {t('shell.notifications.markRead')}
          </Button>
        )}
      </div>
    </li>
  );
}
