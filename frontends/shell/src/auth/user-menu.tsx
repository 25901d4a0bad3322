import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Language, Site } from '@manzil/contracts';
import { ChevronDownIcon, avatarLetter, isPlaceholderPicture, type Session } from '@manzil/ui';
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

/** The header's user dropdown: Profile, My orders (Saudi only), Logout. */
export function UserMenu({ session, site, language }: { session: Session; site: Site; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { confirm, withLoader } = useFeedback();
  const onLogout = useLogout(language, confirm, withLoader);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        title={t('shell.account', { name: session.name })}
        data-testid="user-chip"
        onClick={() => setOpen((shown) => !shown)}
      >
        <Avatar session={session} />
        <span className="user-menu__name" dir="auto">
          {session.name}
        </span>
        <ChevronDownIcon className="user-menu__chevron" />
      </button>
      {open ? (
        <div className="user-menu__list" id={menuId} role="menu" data-testid="user-menu">
          <Link
            role="menuitem"
            className="user-menu__item"
            to="/profile"
            onClick={() => setOpen(false)}
            data-testid="menu-profile"
          >
            {t('shell.menu.profile')}
          </Link>
          {site === 'sa' ? (
            <Link
              role="menuitem"
              className="user-menu__item"
              to="/my-orders"
              onClick={() => setOpen(false)}
              data-testid="menu-orders"
            >
              {t('shell.menu.orders')}
            </Link>
          ) : null}
          <button
            type="button"
            role="menuitem"
            className="user-menu__item user-menu__item--danger"
            data-testid="menu-logout"
            onClick={() => {
              setOpen(false);
              void onLogout();
            }}
          >
            {t('shell.menu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
