import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@manzil/contracts';
import type { Session } from '@manzil/ui';
import { FeedbackProvider } from '@manzil/ui';
import { fallbackConfig } from '../config/site-config.js';
import { Header } from '../layout/header.js';
import { mockApi, renderChrome } from './test-render.js';

const MENU = [
  {
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Buy',
    nameAr: 'شراء',
    link: '/buy/properties-for-sale',
    linkAr: '/شراء/عقارات-للبيع',
    menuSlug: 'buy',
  },
  {
    _id: '00000000-0000-4000-8000-000000000002',
    name: 'Blog',
    nameAr: 'المدونة',
    link: '/blog',
    linkAr: '/blog',
    menuSlug: 'blog',
  },
];

function session(role: Exclude<Role, 'visitor'>): Session {
  return { role, name: 'Sara', picture: null } as unknown as Session;
}

function renderHeader(role: Role, options: { unread?: boolean; language?: 'en' | 'ar' } = {}) {
  const fetchMock = mockApi({
    '/api/content/v1/top-menus': MENU,
    ...(options.unread === undefined
      ? {}
      : {
          '/api/notifications/v1/notifications/check': {
            items: [{ id: 'n', read: !options.unread }],
            page: 1,
            limit: 1,
            total: 1,
          },
        }),
  });
  const language = options.language ?? 'en';
  renderChrome(
    <FeedbackProvider language={options.language ?? 'en'}>
      <Header
        language={language}
        site="ae"
        config={fallbackConfig('ae', language)}
        session={role === 'visitor' ? null : session(role)}
        role={role}
        pathname="/"
        onLanguageChange={() => undefined}
      />
    </FeedbackProvider>,
    language,
  );
  return fetchMock;
}

describe('header (spec §2)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each([
    ['user', true],
    ['agent', true],
    ['company', false],
    ['visitor', false],
    ['admin', false],
  ] as const)('wishlist icon for %s: %s', (role, shown) => {
    renderHeader(role);
    expect(screen.queryByTestId('wishlist-link') !== null).toBe(shown);
    if (shown) expect(screen.getByTestId('wishlist-link').getAttribute('href')).toBe('/myWishlist');
  });

  it('shows the bell only when logged in, with a dot when something is unread', async () => {
    renderHeader('user', { unread: true });
    expect(await screen.findByTestId('notification-dot')).toBeTruthy();
  });

  it('asks the bell again when the tab comes back into view', async () => {
    const notifications = { items: [{ id: 'n', read: true }], page: 1, limit: 1, total: 1 };
    const routes: Record<string, unknown> = {
      '/api/content/v1/top-menus': MENU,
      '/api/notifications/v1/notifications/check': notifications,
    };
    const fetchMock = mockApi(routes);
    renderChrome(
      <Header
        language="en"
        site="ae"
        config={fallbackConfig('ae', 'en')}
        session={session('user')}
        role="user"
        pathname="/"
        onLanguageChange={() => undefined}
      />,
    );
    const bellCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/notifications')).length;
    await waitFor(() => expect(bellCalls()).toBe(1));
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    // Something arrived while the visitor was in another tab.
    routes['/api/notifications/v1/notifications/check'] = {
      ...notifications,
      items: [{ id: 'm', read: false }],
    };
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByTestId('notification-dot')).toBeTruthy();
    expect(bellCalls()).toBe(2);
  });

  it('publishes its height so sticky tabs sit below it, not under it', () => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return { height: this.tagName === 'HEADER' ? 72.4 : 0 } as DOMRect;
    });
    const view = renderChrome(
      <Header
        language="ar"
        site="sa"
        config={fallbackConfig('sa', 'ar')}
        session={null}
        role="visitor"
        pathname="/"
        onLanguageChange={() => undefined}
      />,
      'ar',
    );
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--mz-header-block-size')).toBe('73px');
    // A screen without the header (the sign-in screens) has nothing to sit below.
    view.unmount();
    expect(root.getPropertyValue('--mz-header-block-size')).toBe('');
  });

  it('has no bell for a visitor and never asks for notifications', async () => {
    const fetchMock = renderHeader('visitor');
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('notifications'))).toBe(false);
  });

  it('tolerates a notifications service that answers 404: bell, no dot', async () => {
    renderHeader('agent');
    expect(screen.getByTestId('notification-bell')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).toBeNull());
  });

  it('asks the menu by role and shows it in the page language', async () => {
    const fetchMock = renderHeader('company', { language: 'ar' });
    const links = await screen.findAllByText('شراء');
    expect(links[0].getAttribute('href')).toBe('/شراء/عقارات-للبيع');
    const menuCall = fetchMock.mock.calls.find(([url]) => String(url).includes('top-menus'));
    expect(String(menuCall?.[0])).toContain('type=Company');
  });

  it.each([
    ['admin', true],
    ['user', false],
    ['visitor', false],
  ] as const)('the admin console in the menu for %s: %s', async (role, shown) => {
    renderHeader(role, { language: 'ar' });
    await screen.findAllByText('شراء');
    const links = screen.queryAllByText('لوحة الإدارة');
    expect(links.length > 0).toBe(shown);
    if (shown) expect(links[0].getAttribute('href')).toBe('/admin');
  });

  it('opens the drawer with the menu, the language and the countries from the menu button', async () => {
    renderHeader('visitor');
    fireEvent.click(screen.getByTestId('menu-button'));
    const drawer = screen.getByTestId('header-drawer');
    expect(within(drawer).getByTestId('language-option-ar').textContent).toBe('العربية');
    expect(within(drawer).getByTestId('country-option-sa').tagName).toBe('A');
    await waitFor(() => expect(drawer.textContent).toContain('Blog'));
    fireEvent.click(screen.getByTestId('drawer-close'));
    expect(screen.queryByTestId('header-drawer')).toBeNull();
  });
});
