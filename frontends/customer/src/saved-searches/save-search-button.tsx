import { Suspense, lazy, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, requireLogin, useSession } from '@manzil/ui';

// The dialog and its form code come when it is first opened, not with the listing page.
const SaveSearchDialog = lazy(() =>
  import('./save-search-dialog.js').then((m) => ({ default: m.SaveSearchDialog })),
);

export const BellIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path
      d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

/** The list's search-API query as the listing page builds it (strings and numbers, as in a URL). */
export type SavedSearchFilterInput = Record<string, string | number | undefined>;

/**
 * "Save search" on the listing pages (issue 14 item 8): a customer names the search and
 * chooses instant or daily alerts; a visitor gets the login prompt. Agents, companies and
 * admins do not keep saved searches, so they do not see it (the server would answer 403).
 */
export function SaveSearchButton({
  defaultName,
  filters,
}: {
  defaultName: string;
  filters: SavedSearchFilterInput;
}) {
  const intl = useIntl();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session && session.role !== 'user') return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          if (requireLogin('savedSearch')) setOpen(true);
        }}
        data-testid="save-search"
      >
        <BellIcon />
        <span>{intl.formatMessage({ id: 'customer.savedSearch.button' })}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog defaultName={defaultName} filters={filters} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
