import '@manzil/ui/test/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Language } from '@manzil/contracts';
import { LanguageProvider, type Session } from '@manzil/ui';
import { LoginPage } from '../auth/login-page.js';
import { mockFetch, renderScreen } from '../auth/test-utils.js';
import { UserMenu } from '../auth/user-menu.js';
import { fallbackConfig } from '../config/site-config.js';
import en from '../i18n/en.json' with { type: 'json' };
import { Header } from '../layout/header.js';
import { ProfilePage } from '../profile/profile-page.js';
import { MAIN_ID, RouteAnnouncer, SkipLink, useRouteFocus } from './page-focus.js';
import { mockApi, renderChrome } from './test-render.js';

const focused = () => document.activeElement as HTMLElement | null;

/** <html dir> as the shell sets it: the arrow keys read it. */
function setDirection(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
}

afterEach(() => {
  setDirection('en');
  jest.restoreAllMocks();
});

function renderHeader({
  language = 'en',
  session = null,
  onLanguageChange = () => undefined,
}: { language?: Language; session?: Session | null; onLanguageChange?: (language: Language) => void } = {}) {
  mockApi({ '/api/content/v1/top-menus': [] });
  setDirection(language);
  renderChrome(
    <Header
      language={language}
      site="ae"
      config={fallbackConfig('ae', language)}
      session={session}
      role={session ? 'user' : 'visitor'}
      pathname="/"
      onLanguageChange={onLanguageChange}
    />,
    language,
  );
}

describe('header drawer (modal)', () => {
  it('moves focus in, keeps Tab inside, makes the page inert, and Escape returns focus to the menu button', async () => {
    renderHeader();
    const menuButton = screen.getByTestId('menu-button');
    menuButton.focus();
    fireEvent.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(focused()).toBe(screen.getByTestId('drawer-close'));
    expect(screen.getByTestId('site-header').closest('[inert]')).not.toBeNull();
    fireEvent.keyDown(focused()!, { key: 'Tab', shiftKey: true });
    expect(drawer.contains(focused())).toBe(true);
    expect(focused()).not.toBe(screen.getByTestId('drawer-close'));
    fireEvent.keyDown(focused()!, { key: 'Tab' });
    expect(focused()).toBe(screen.getByTestId('drawer-close'));
    fireEvent.keyDown(focused()!, { key: 'Escape' });
    expect(screen.queryByTestId('header-drawer')).toBeNull();
    expect(focused()).toBe(menuButton);
    expect(document.querySelector('[inert]')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('site-header')).toBeTruthy());
  });
});

describe('language and country switches act on activation only (WCAG 3.2.2)', () => {
  it('offers the other language as a button named in that language; nothing is a select', () => {
    const onLanguageChange = jest.fn();
    renderHeader({ onLanguageChange });
    expect(document.querySelector('select')).toBeNull();
    const arabic = screen.getAllByTestId('language-option-ar')[0];
    expect(arabic.tagName).toBe('BUTTON');
    expect(arabic.querySelector('[lang="ar"]')?.textContent).toBe('العربية');
    expect(arabic.textContent).toBe('العربية');
    arabic.focus();
    fireEvent.keyDown(arabic, { key: 'ArrowDown' });
    expect(onLanguageChange).not.toHaveBeenCalled();
    fireEvent.click(arabic);
    expect(onLanguageChange).toHaveBeenCalledWith('ar');
  });

  it('lists the countries as links behind a disclosure, the current one marked', () => {
    renderHeader({ language: 'ar' });
    const switcher = screen.getByTestId('country-switcher');
    expect(switcher.textContent).toContain('الإمارات');
    fireEvent.click(switcher);
    expect(switcher.getAttribute('aria-expanded')).toBe('true');
    const list = within(document.getElementById(switcher.getAttribute('aria-controls')!)!);
    expect(list.getByTestId('country-option-ae').getAttribute('aria-current')).toBe('true');
    const saudi = list.getByTestId('country-option-sa');
    expect(saudi.tagName).toBe('A');
    expect(new URL(saudi.getAttribute('href')!).hostname).toBe('sa.localhost');
    expect(new URL(saudi.getAttribute('href')!).searchParams.get('lang')).toBe('ar');
    saudi.focus();
    fireEvent.keyDown(saudi, { key: 'Escape' });
    expect(focused()).toBe(switcher);
  });
});

describe('user menu: a disclosure of links, not an ARIA menu', () => {
  const session = { role: 'user', name: 'Sara', picture: null } as Session;

  it('has no menu roles; Escape closes it and focus goes back to the account button', () => {
    renderScreen(<UserMenu session={session} site="sa" language="en" />);
    const chip = screen.getByTestId('user-chip');
    expect(chip.getAttribute('aria-haspopup')).toBeNull();
    expect(chip.getAttribute('aria-label')).toBe('Signed in as Sara');
    fireEvent.click(chip);
    expect(document.querySelector('[role="menu"], [role="menuitem"]')).toBeNull();
    expect(screen.getByTestId('user-menu').tagName).toBe('UL');
    const orders = screen.getByTestId('menu-orders');
    orders.focus();
    fireEvent.keyDown(orders, { key: 'Escape' });
    expect(screen.queryByTestId('user-menu')).toBeNull();
    expect(focused()).toBe(chip);
  });

  it('Logout asks with Cancel focused; Cancel returns focus to the account button', async () => {
    mockFetch();
    renderScreen(<UserMenu session={session} site="ae" language="en" />);
    const chip = screen.getByTestId('user-chip');
    fireEvent.click(chip);
    fireEvent.click(screen.getByTestId('menu-logout'));
    const cancel = await screen.findByTestId('confirm-dialog-cancel');
    expect(focused()).toBe(cancel);
    fireEvent.click(cancel);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(focused()).toBe(chip);
  });
});

describe('tabs follow the reading direction', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('login kinds in Arabic: ArrowLeft selects the next kind (Agent), ArrowRight goes back', () => {
    setDirection('ar');
    renderScreen(<LoginPage />, { path: '/login?type=Customer', language: 'ar' });
    const customer = screen.getByTestId('kind-tab-Customer');
    expect(customer.tabIndex).toBe(0);
    expect(screen.getByTestId('kind-tab-Agent').tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel').contains(screen.getByTestId('login-form'))).toBe(true);
    customer.focus();
    fireEvent.keyDown(customer, { key: 'ArrowLeft' });
    expect(screen.getByTestId('location').textContent).toBe('/login?type=Agent');
    expect(focused()).toBe(screen.getByTestId('kind-tab-Agent'));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(focused()!.id);
    fireEvent.keyDown(focused()!, { key: 'ArrowRight' });
    expect(screen.getByTestId('location').textContent).toBe('/login?type=Customer');
  });

  it('login kinds in English: ArrowRight selects the next kind, End the last', () => {
    renderScreen(<LoginPage />, { path: '/login?type=Customer' });
    const customer = screen.getByTestId('kind-tab-Customer');
    customer.focus();
    fireEvent.keyDown(customer, { key: 'ArrowRight' });
    expect(screen.getByTestId('location').textContent).toBe('/login?type=Agent');
    fireEvent.keyDown(focused()!, { key: 'End' });
    expect(screen.getByTestId('location').textContent).toBe('/login?type=Company');
    expect(focused()).toBe(screen.getByTestId('kind-tab-Company'));
  });

  it('profile tabs in Arabic: ArrowLeft moves to the password tab and shows it', async () => {
    setDirection('ar');
    // The profile call fails (no reply): the tabs are there all the same.
    mockFetch();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderScreen(<ProfilePage />, { path: '/profile', language: 'ar' });
    const profileTab = screen.getByTestId('profile-tab-profile');
    profileTab.focus();
    fireEvent.keyDown(profileTab, { key: 'ArrowLeft' });
    expect(screen.getByTestId('location').textContent).toBe('/profile?tab=password');
    expect(focused()).toBe(screen.getByTestId('profile-tab-password'));
    expect(screen.getByTestId('profile-tab-password').getAttribute('aria-selected')).toBe('true');
  });
});

/** The shell's page frame in small: skip link, <main>, the route focus and its announcer. */
function Frame() {
  const location = useLocation();
  const announcement = useRouteFocus(location.pathname, 'en');
  return (
    <LanguageProvider language="en" messages={en}>
      <SkipLink />
      <nav>
        <Link to="/two">two</Link>
        <Link to="/one?page=2">page 2</Link>
        <Link to="/untitled">untitled</Link>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <Routes>
          <Route path="/one" element={<Page title="One" />} />
          <Route path="/two" element={<Page title="Two" />} />
          <Route path="/untitled" element={<h1>Coming soon</h1>} />
        </Routes>
      </main>
      <RouteAnnouncer message={announcement} />
    </LanguageProvider>
  );
}

function Page({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | Manzil`;
  }, [title]);
  return <h1>{title}</h1>;
}

describe('skip link and route change', () => {
  it('puts the skip link first and lands on <main>', () => {
    render(
      <MemoryRouter initialEntries={['/one']}>
        <Frame />
      </MemoryRouter>,
    );
    const skip = screen.getByTestId('skip-link');
    expect(document.body.querySelector('a, button')).toBe(skip);
    expect(skip.textContent).toBe('Skip to content');
    fireEvent.click(skip);
    expect(focused()).toBe(document.getElementById(MAIN_ID));
  });

  it('leaves the first page alone, keeps focus on a query change, and on a new path focuses the h1 and announces the title', () => {
    jest.useFakeTimers();
    render(
      <MemoryRouter initialEntries={['/one']}>
        <Frame />
      </MemoryRouter>,
    );
    act(() => jest.advanceTimersByTime(500));
    expect(focused()).toBe(document.body);

    const pageTwo = screen.getByText('page 2');
    pageTwo.focus();
    fireEvent.click(pageTwo);
    act(() => jest.advanceTimersByTime(500));
    expect(focused()).toBe(pageTwo);
    expect(screen.getByTestId('route-announcer').textContent).toBe('');

    fireEvent.click(screen.getByText('two'));
    act(() => jest.advanceTimersByTime(500));
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Two');
    expect(focused()).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer.textContent).toBe('Two | Manzil');
    expect(announcer.getAttribute('aria-live')).toBe('polite');

    // A page that sets no title would keep "Two | Manzil": it is named after its h1.
    fireEvent.click(screen.getByText('untitled'));
    act(() => jest.advanceTimersByTime(500));
    expect(document.title).toBe('Coming soon | Manzil');
    expect(announcer.textContent).toBe('Coming soon | Manzil');
    jest.useRealTimers();
  });
});
