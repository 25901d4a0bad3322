import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language, Role } from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';
import { BellIcon, HeartIcon } from './chrome-icons.js';

/** Spec §2: the wishlist icon is for customers and agents only. */
export function showsWishlist(role: Role): boolean {
  return role === 'user' || role === 'agent';
}

/** `results.unreadNotification` (the spec's check call), or the newest notification unread. */
const unreadSchema = z.union([
  z.object({ unreadNotification: z.boolean() }).transform((check) => check.unreadNotification),
  z
    .object({ items: z.array(z.object({ read: z.boolean() }).passthrough()) })
    .passthrough()
    .transform((page) => page.items.some((item) => !item.read)),
]);

/** Spec §7 check notification (`results.unreadNotification`). */
export const NOTIFICATIONS_CHECK_PATH = '/api/notifications/v1/notifications/check';

/** The notifications feature's reads (the bell's check and the `/notifications` page). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (language: Language) => ['notifications', 'unread', language] as const,
};

export const unreadNotificationsQuery = (language: Language) =>
  queryOptions({
    queryKey: notificationKeys.unread(language),
    queryFn: apiQueryFn(NOTIFICATIONS_CHECK_PATH, {
      language,
      results: unreadSchema,
      // A bell must never end the session: a 401 here is the service's business.
      endsSession: false,
    }),
    // Notifications arrive while the tab is elsewhere: look again whenever it comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** Whether the account has unread notifications; false when the service is missing or says nothing. */
export function useUnreadNotifications(enabled: boolean, language: Language): boolean {
  const { data } = useQuery({ ...unreadNotificationsQuery(language), enabled });
  return enabled && data === true;
}

/** Spec §2/§6: the bell, with a dot when something is unread; logged-in only (the caller decides). */
export function NotificationBell({ language }: { language: Language }) {
  const intl = useIntl();
  const unread = useUnreadNotifications(true, language);
  const label = intl.formatMessage({
    id: unread ? 'shell.header.notificationsUnread' : 'shell.header.notifications',
  });
  return (
    <Link
      className="shell-icon-button"
      to="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <BellIcon />
      {unread ? <span className="shell-icon-button__dot" data-testid="notification-dot" /> : null}
    </Link>
  );
}

export function WishlistLink() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'shell.header.wishlist' });
  return (
    <Link
      className="shell-icon-button"
      to="/myWishlist"
      aria-label={label}
      title={label}
      data-testid="wishlist-link"
    >
      <HeartIcon />
    </Link>
  );
}
