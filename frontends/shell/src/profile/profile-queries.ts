import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  IDENTITY_API,
  accountProfileWithEmailSchema,
  notificationPreferencesSchema,
  type AccountProfileWithEmail,
  type Language,
} from '@manzil/contracts';
import { apiQueryFn, identityPath } from '@manzil/ui';
import { identityKeys } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';

/**
 * GET the account's profile. Asked again whenever the tab comes back into view: a picture
 * changed in the app, an e-mail verified from the mail, a Nafath approval show up on return.
 */
export const profileQuery = (language: Language) =>
  queryOptions({
    queryKey: identityKeys.profile(language),
    queryFn: apiQueryFn(identityPath(IDENTITY_API.profile), {
      language,
      results: accountProfileWithEmailSchema,
    }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** Puts what a save answered into the cache (every language's copy is asked again). */
export function useSetProfile() {
  const client = useQueryClient();
  const { language } = useShell();
  return (profile: AccountProfileWithEmail) => {
    client.setQueryData(identityKeys.profile(language), profile);
    void client.invalidateQueries({
      queryKey: ['identity', 'profile'],
      predicate: (query) => query.queryKey[2] !== language,
    });
  };
}

/** The notifications service's channel choices, through the gateway like the bell's calls. */
export const NOTIFICATION_PREFERENCES_API = '/api/notifications/v1/notifications/preferences';
/** Not under `['notifications']`: the bell's refreshes must not reload (and reset) the form. */
export const notificationPreferencesKey = ['notification-preferences'] as const;

/** GET the caller's channels (`{ sms, email }`); the language only words an error. */
export const notificationPreferencesQuery = (language: Language) =>
  queryOptions({
    queryKey: notificationPreferencesKey,
    queryFn: apiQueryFn(NOTIFICATION_PREFERENCES_API, { language, results: notificationPreferencesSchema }),
  });
