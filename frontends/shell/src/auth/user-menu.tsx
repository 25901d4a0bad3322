import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import type { Language, Site } from '@manzil/contracts';
import { ChevronDownIcon, avatarLetter, isPlaceholderPicture, useDisclosure, type Session } from '@manzil/ui';
import { useFeedback } from './feedback.js';
import { useLogout } from './use-logout.js';

/** Spec §2: the picture, or the name's first letter in a green circle (none, placeholder, or broken). */
export function Avatar({
  session,
  size = 'md',
}: {
  session: Pick<Session, 'name' | 'picture'>;
  size?: 'md' | 'lg';
}) {
  const [broken, setBroken] = useState(false);
  const showPicture = !broken && !isPlaceholderPicture(session.picture);
  return (
    <span className={`user-avatar user-avatar--${size}`} aria-hidden="true" data-testid="avatar">
      {showPicture ? (
        <img
          src={session.picture ?? ''}
          alt=""
          onError={() => setBroken(true)}
          data-testid="avatar-picture"
        />
      ) : (
        <span className="user-avatar__letter" data-testid="avatar-letter">
          {avatarLetter(session.name)}
        </span>
      )}
    </span>
  );
}

/**
 * The header's account disclosure: Profile, My orders (Saudi only), Logout. A button and a
 * list of links (not an ARIA menu: see `useDisclosure`); Logout gives focus back to the
 * button first, so the confirm dialog returns it there when cancelled.
 */
/** Issue 14's screens in the menu of the roles that use them (contracts' route lists). */
const ENGAGEMENT_LINKS: Partial<Record<Session['role'], readonly (readonly [string, string])[]>> = {
  user: [
    ['/request-property', 'shell.menu.requestProperty'],
    ['/saved-searches', 'shell.menu.savedSearches'],
  ],
  agent: [
    ['/enquiries', 'shell.menu.enquiries'],
    ['/requirements', 'shell.menu.requirements'],
    ['/presentations', 'shell.menu.presentations'],
  ],
  company: [
    ['/enquiries', 'shell.menu.enquiries'],
    ['/requirements', 'shell.menu.requirements'],
    ['/project-proposals', 'shell.menu.projectProposals'],
  ],
};

export function UserMenu({ session, site, language }: { session: Session; site: Site; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { confirm, withLoader } = useFeedback();
  const onLogout = useLogout(language, confirm, withLoader);
  const { open, close, rootRef, buttonProps, panelProps } = useDisclosure();
  const account = t('shell.account', { name: session.name });

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        {...buttonProps}
        className="user-menu__button"
        aria-label={account}
        title={account}
        data-testid="user-chip"
      >
        <Avatar session={session} />
        <span className="user-menu__name" dir="auto">
          {session.name}
        </span>
        <ChevronDownIcon className="user-menu__chevron" />
      </button>
      {open ? (
        <ul className="user-menu__list" {...panelProps} data-testid="user-menu">
          <li>
            <Link
              className="user-menu__item"
              to="/profile"
              onClick={() => close()}
              data-testid="menu-profile"
            >
              {t('shell.menu.profile')}
            </Link>
          </li>
          {(ENGAGEMENT_LINKS[session.role] ?? []).map(([to, id]) => (
            <li key={to}>
              <Link
                className="user-menu__item"
                to={to}
                onClick={() => close()}
                data-testid={`menu-${to.slice(1)}`}
              >
                {t(id)}
              </Link>
            </li>
          ))}
          {site === 'sa' ? (
            <li>
              <Link
                className="user-menu__item"
                to="/my-orders"
                onClick={() => close()}
                data-testid="menu-orders"
              >
                {t('shell.menu.orders')}
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className="user-menu__item user-menu__item--danger"
              data-testid="menu-logout"
              onClick={() => {
                close(true);
                void onLogout();
              }}
            >
              {t('shell.menu.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
