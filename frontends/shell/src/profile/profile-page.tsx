import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, Skeleton, roleOf, useSession, useTabs } from '@manzil/ui';
import { useShell } from '../auth/shell-context.js';
import { Avatar } from '../auth/user-menu.js';
import { AuctionPropertiesTab } from './auction-properties-tab.js';
import { ChangePasswordTab } from './change-password-tab.js';
import { MyProfileTab } from './my-profile-tab.js';
import { NafathBlock } from './nafath-block.js';
import { profileQuery, useSetProfile } from './profile-queries.js';
import { SettingsTab } from './settings-tab.js';
import { AppointmentsTab } from './appointments-tab.js';
import { RequirementsTab } from './requirements-tab.js';
import { SavedTab } from './saved-tab.js';
import './profile.css';

/** The account tabs (spec §2 "Account-area tabs"): identity's, the wishlist's, the appointments', auctions' and reports'. */
export const PROFILE_TABS = [
  'profile',
  'password',
  'saved',
  'settings',
  'appointments',
  'requirements',
  'auctions',
  'reports',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * The tabs of a role: saved properties, "my requirements" (issue 14: what they asked for through
 * request property) and "auction properties" are a customer's (spec §6: only customers save,
 * request and bid); my appointment is a customer's, an agent's, a company's; "reports" a
 * company's or agent's (their listings and spend, issue 13 item 7).
 */
export function profileTabsFor(role: string | undefined): readonly ProfileTab[] {
  const customer = role === 'user';
  const lister = role === 'agent' || role === 'company';
  return PROFILE_TABS.filter(
    (tab) =>
      ((tab !== 'saved' && tab !== 'auctions' && tab !== 'requirements') || customer) &&
      (tab !== 'appointments' || customer || lister) &&
      (tab !== 'reports' || lister),
  );
}

// The charting library comes with the tab, not with every page of the shell.
const ReportsTab = lazy(() => import('./reports-tab.js').then((module) => ({ default: module.ReportsTab })));

/** `/profile`: change password, my profile, settings; the Nafath block on the Saudi site. */
export function ProfilePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const session = useSession();
  const { site, language } = useShell();
  const [params, setParams] = useSearchParams();
  const tabs = profileTabsFor(roleOf(session));
  const tab: ProfileTab = tabs.find((name) => name === params.get('tab')) ?? 'profile';
  const query = useQuery(profileQuery(language));
  const profile = query.data ?? null;
  const setProfile = useSetProfile();
  // A profile already shown stays on screen when a later refresh fails.
  const failed = !profile && query.isError && !query.isFetching;
  const { tabListProps, tabProps, panelProps } = useTabs(tabs, tab, (name) =>
    setParams(name === 'profile' ? {} : { tab: name }, { replace: true }),
  );

  return (
    <div className="mz-container profile" data-testid="profile-page">
      <header className="profile__head">
        {session ? <Avatar session={session} size="lg" /> : null}
        <div>
          <p className="profile__eyebrow">{t('shell.profile.eyebrow')}</p>
          <h1 className="profile__title">{profile?.name ?? session?.name ?? t('shell.profile.title')}</h1>
        </div>
      </header>
      <div className="profile__layout">
        <div className="profile-tabs" {...tabListProps} aria-label={t('shell.profile.tabs')}>
          {tabs.map((name) => (
            <button
              key={name}
              {...tabProps(name)}
              className="profile-tabs__tab"
              data-testid={`profile-tab-${name}`}
            >
              {t(`shell.profile.tab.${name}`)}
            </button>
          ))}
        </div>
        <section className="profile__panel" {...panelProps}>
          {tab === 'saved' ? (
            <SavedTab language={language} />
          ) : tab === 'requirements' && session?.role === 'user' ? (
            <RequirementsTab language={language} />
          ) : tab === 'appointments' && session && session.role !== 'admin' ? (
            <AppointmentsTab language={language} role={session.role} />
          ) : failed ? (
            <EmptyState
              title={t('shell.error.generic')}
              description={t('shell.profile.unavailable')}
              action={<Button onClick={() => void query.refetch()}>{t('shell.retry')}</Button>}
              testId="profile-error"
            />
          ) : !profile ? (
            <div className="profile-card" data-testid="profile-loading">
              <Skeleton inlineSize="40%" blockSize="1.5rem" />
              <Skeleton inlineSize="80%" />
              <Skeleton inlineSize="65%" />
            </div>
          ) : tab === 'auctions' ? (
            <AuctionPropertiesTab />
          ) : tab === 'reports' ? (
            <Suspense fallback={<Skeleton inlineSize="100%" blockSize="12rem" />}>
              <ReportsTab site={site} />
            </Suspense>
          ) : tab === 'password' ? (
            <ChangePasswordTab />
          ) : tab === 'settings' ? (
            <SettingsTab profile={profile} />
          ) : (
            <>
              {site === 'sa' ? (
                <NafathBlock
                  verified={profile.isNafathVerified}
                  onVerified={() => setProfile({ ...profile, isNafathVerified: true })}
                />
              ) : null}
              <MyProfileTab profile={profile} onChange={setProfile} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
