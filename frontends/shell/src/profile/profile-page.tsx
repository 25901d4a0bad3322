import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  IDENTITY_API,
  accountProfileWithEmailSchema,
  type AccountProfileWithEmail as AccountProfile,
} from '@manzil/contracts';
import { Button, EmptyState, Skeleton, useSession } from '@manzil/ui';
import { identityFetch } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';
import { Avatar } from '../auth/user-menu.js';
import { ChangePasswordTab } from './change-password-tab.js';
import { MyProfileTab } from './my-profile-tab.js';
import { NafathBlock } from './nafath-block.js';
import { SettingsTab } from './settings-tab.js';
import './profile.css';

/** The account tabs the identity service serves (spec §2 "Account-area tabs"). */
export const PROFILE_TABS = ['profile', 'password', 'settings'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

function useProfile() {
  const { language } = useShell();
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    identityFetch(IDENTITY_API.profile, {
      language,
      results: accountProfileWithEmailSchema,
      signal: controller.signal,
    })
      .then((envelope) => setProfile(envelope.results))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('shell: profile unavailable', error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [language, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { profile, setProfile, failed, retry };
}

/** `/profile`: change password, my profile, settings; the Nafath block on the Saudi site. */
export function ProfilePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const session = useSession();
  const { site } = useShell();
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = PROFILE_TABS.find((name) => name === params.get('tab')) ?? 'profile';
  const { profile, setProfile, failed, retry } = useProfile();

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
        <nav className="profile-tabs" role="tablist" aria-label={t('shell.profile.tabs')}>
          {PROFILE_TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={name === tab}
              className="profile-tabs__tab"
              data-testid={`profile-tab-${name}`}
              onClick={() => setParams(name === 'profile' ? {} : { tab: name }, { replace: true })}
            >
              {t(`shell.profile.tab.${name}`)}
            </button>
          ))}
        </nav>
        <section className="profile__panel" role="tabpanel">
          {failed ? (
            <EmptyState
              title={t('shell.error.generic')}
              description={t('shell.profile.unavailable')}
              action={<Button onClick={retry}>{t('shell.retry')}</Button>}
              testId="profile-error"
            />
          ) : !profile ? (
            <div className="profile-card" data-testid="profile-loading">
              <Skeleton inlineSize="40%" blockSize="1.5rem" />
              <Skeleton inlineSize="80%" />
              <Skeleton inlineSize="65%" />
            </div>
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
