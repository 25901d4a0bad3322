import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { type Language, type Role, type Site, type SiteConfig } from '@manzil/contracts';
import { buttonClassName, type Session } from '@manzil/ui';
import { UserMenu } from '../auth/user-menu.js';
import { MenuIcon } from '../chrome/chrome-icons.js';
import { NotificationBell, WishlistLink, showsWishlist } from '../chrome/header-actions.js';
import { HeaderDrawer } from '../chrome/header-drawer.js';
import { useCrowdedHeader, useHeaderBlockSize } from '../chrome/header-size.js';
import { HeaderPrefs } from '../chrome/header-prefs.js';
import { TopMenuLinks, useTopMenu, type MenuEntry } from '../chrome/top-menu.js';
import { Logo } from './logo.js';

export interface HeaderProps {
  language: Language;
  site: Site;
  config: SiteConfig;
  session: Session | null;
  role: Role;
  pathname: string;
  onLanguageChange: (language: Language) => void;
}

/**
 * Spec §2 header: logo (larger on /), the server's top menu, currency, language and country,
 * the notification bell (logged in), the wishlist (customers and agents), Login or the user.
 * It expands at the xl breakpoint (1200 px); below it the menu and the dropdowns move into a
 * drawer opened by the menu button.
 */
export function Header({ language, site, config, session, role, pathname, onLanguageChange }: HeaderProps) {
  const intl = useIntl();
  const serverMenu = useTopMenu(role, language, config);
  // The admin reaches the console from the menu (spec §6: /admin/* is the admin's area).
  const menu: MenuEntry[] =
    role === 'admin'
      ? [
          ...serverMenu,
          {
            key: 'admin-console',
            label: intl.formatMessage({ id: 'shell.header.adminConsole' }),
            href: '/admin',
            external: false,
          },
        ]
      : serverMenu;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEffect(closeDrawer, [pathname, language, closeDrawer]);
  const prefs = { language, site, config, onLanguageChange };
  const headerRef = useRef<HTMLElement>(null);
  useHeaderBlockSize(headerRef);
  const innerRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const crowded = useCrowdedHeader(
    innerRef,
    navRef,
    `${language}|${session?.role ?? ''}|${session?.name ?? ''}|${menu.map((entry) => entry.key).join(',')}`,
  );
  return (
    <header
      className={crowded ? 'shell-header shell-header--crowded' : 'shell-header'}
      data-testid="site-header"
      ref={headerRef}
    >
      <div className="mz-container shell-header__inner" ref={innerRef}>
        <button
          type="button"
          className="shell-icon-button shell-header__menu-button"
          aria-label={intl.formatMessage({ id: 'shell.header.openMenu' })}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          data-testid="menu-button"
        >
          <MenuIcon />
        </button>
        <div className="shell-header__logo">
          <Logo large={pathname === '/'} />
        </div>
        <nav
          className="shell-header__nav"
          aria-label={intl.formatMessage({ id: 'shell.nav.label' })}
          ref={navRef}
        >
          <TopMenuLinks entries={menu} />
        </nav>
        <div className="shell-header__prefs">
          <HeaderPrefs {...prefs} />
        </div>
        <div className="shell-header__actions">
          {session ? <NotificationBell language={language} /> : null}
          {showsWishlist(role) ? <WishlistLink /> : null}
        </div>
        <div className="shell-header__account">
          {session ? (
            <UserMenu session={session} site={site} language={language} />
          ) : (
            <Link
              className={buttonClassName('primary', 'sm')}
              to="/login?type=Customer"
              data-testid="login-button"
            >
              {intl.formatMessage({ id: 'shell.login' })}
            </Link>
          )}
        </div>
      </div>
      <HeaderDrawer open={drawerOpen} onClose={closeDrawer}>
        <nav className="shell-drawer__nav" aria-label={intl.formatMessage({ id: 'shell.nav.label' })}>
          <TopMenuLinks entries={menu} onNavigate={closeDrawer} />
        </nav>
        <div className="shell-drawer__prefs">
          <HeaderPrefs {...prefs} inDrawer />
        </div>
      </HeaderDrawer>
    </header>
  );
}
