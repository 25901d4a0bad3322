import { queryOptions, useQueryClient } from '@tanstack/react-query';
import {
  IDENTITY_API,
  accountProfileWithEmailSchema,
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
