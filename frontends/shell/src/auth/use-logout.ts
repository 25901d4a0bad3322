import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { IDENTITY_API, loginTypeOf, type Language } from '@manzil/contracts';
import { clearSession, readRefreshToken, readSession } from '@manzil/ui';
import { identityFetch } from './identity.js';
import { enterApp } from './login-outcome.js';

/**
 * Spec §4 logout: tells the service (the refresh token's family is revoked), clears token,
 * refresh token and cookie, then /login with the type of the role that was logged in.
 */
export async function logout(language: Language): Promise<string> {
  const loginType = loginTypeOf(readSession()?.role ?? 'user');
  const refreshToken = readRefreshToken();
  if (refreshToken) {
    await identityFetch(IDENTITY_API.logout, {
      language,
      method: 'POST',
      body: { refresh_token: refreshToken },
      endsSession: false,
    }).catch((error: unknown) =>
      console.warn('shell: logout call failed; clearing the session anyway', error),
    );
  }
  clearSession();
  return `/login?type=${loginType}`;
}

/**
 * Asks 'are you sure you want to logout' first (Ok / Cancel), then logs out and starts the
 * logged-out app on /login with a full page load (as the login does).
 */
export function useLogout(
  language: Language,
  confirm: (message: string) => Promise<boolean>,
  withLoader: <T>(work: Promise<T>) => Promise<T>,
  enter: (to: string) => void = enterApp,
) {
  const intl = useIntl();
  const { mutateAsync } = useMutation({ mutationFn: () => logout(language) });
  return useCallback(async () => {
    if (!(await confirm(intl.formatMessage({ id: 'shell.logout.confirm' })))) return;
    enter(await withLoader(mutateAsync()));
  }, [confirm, intl, mutateAsync, withLoader, enter]);
}
