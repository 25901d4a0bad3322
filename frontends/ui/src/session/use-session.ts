import { useMemo, useSyncExternalStore } from 'react';
import { requireLogin, type LoginPromptReason } from './login-prompt.js';
import { decodeSession, readToken, subscribeSession, type Session } from './session.js';

/** The current session, re-read on login, token refresh and logout (this tab or another). */
export function useSession(): Session | null {
  const token = useSyncExternalStore(subscribeSession, readToken, () => null);
  return useMemo(() => (token ? decodeSession(token) : null), [token]);
}

/** `const requireLogin = useRequireLogin(); if (!requireLogin('bid')) return;` */
export function useRequireLogin(): (reason: LoginPromptReason) => boolean {
  return requireLogin;
}
