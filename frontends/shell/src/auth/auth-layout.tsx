import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from '@manzil/ui/router';
import type { LoginType } from '@manzil/contracts';
import { useDocumentHead, useTabs } from '@manzil/ui';
import { LanguageSwitch } from '../chrome/header-prefs.js';
import { Logo } from '../layout/logo.js';
import { useShell } from './shell-context.js';
import './auth.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId: string;
  /** Registration forms are longer and wider. */
  wide?: boolean;
  /** The account kinds as tabs above the card's content (/login, /register). */
  kinds?: KindTabsProps<LoginType>;
}

/**
 * The sign-in screens (no header or footer, spec §2): a brand panel beside the form on wide
 * screens, the form alone on phones, a language switch always at hand.
 */
export function AuthLayout({ title, subtitle, children, testId, wide = false, kinds }: AuthLayoutProps) {
  const intl = useIntl();
  const { language, changeLanguage } = useShell();
  const t = (id: string) => intl.formatMessage({ id });
  const { pathname } = useLocation();
  // Only the two entry screens are worth indexing; the steps behind them are not.
  const indexable = pathname === '/login' || pathname === '/register';
  useDocumentHead({
    language,
    title,
    description: t('shell.auth.pitch'),
    path: pathname,
    noindex: !indexable,
  });
  return (
    <div className="auth" data-testid={testId}>
      <aside className="auth__brand">
        <Logo large />
        <p className="auth__pitch">{t('shell.auth.pitch')}</p>
        <ul className="auth__points">
          <li>{t('shell.auth.point.listings')}</li>
          <li>{t('shell.auth.point.agents')}</li>
          <li>{t('shell.auth.point.saved')}</li>
        </ul>
      </aside>
      <div className="auth__main">
        <div className="auth__bar">
          <span className="auth__bar-logo">
            <Logo />
          </span>
          <LanguageSwitch language={language} onChange={changeLanguage} />
        </div>
        <section className={wide ? 'auth__card auth__card--wide' : 'auth__card'}>
          <h1 className="auth__title">{title}</h1>
          {subtitle ? <p className="auth__subtitle">{subtitle}</p> : null}
          {kinds ? <KindTabs {...kinds}>{children}</KindTabs> : children}
        </section>
      </div>
    </div>
  );
}

export interface KindTabsProps<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  label: string;
}

/**
 * Customer / Agent / Company of /login and /register: ARIA tabs (arrow keys in the reading
 * direction, Home, End, one tab in the Tab order) over a panel holding the rest of the card.
 */
function KindTabs<T extends string>({
  value,
  options,
  onChange,
  label,
  children,
}: KindTabsProps<T> & { children: ReactNode }) {
  const { tabListProps, tabProps, panelProps } = useTabs(
    options.map((option) => option.value),
    value,
    onChange,
  );
  return (
    <>
      <div className="auth-tabs" {...tabListProps} aria-label={label}>
        {options.map((option) => (
          <button
            key={option.value}
            {...tabProps(option.value)}
            className="auth-tabs__tab"
            data-testid={`kind-tab-${option.value}`}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div className="auth__panel" {...panelProps}>
        {children}
      </div>
    </>
  );
}
