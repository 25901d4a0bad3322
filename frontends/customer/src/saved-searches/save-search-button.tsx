import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from '@manzil/ui/router';
import {
  SAVED_SEARCH_FREQUENCIES,
  createSavedSearchRequestSchema,
  type CreateSavedSearchRequest,
  type SavedSearchFrequency,
} from '@manzil/contracts';
import { Button, requireLogin, useFeedback, useLanguage, useSession } from '@manzil/ui';
import { FormDialog, SelectField, TextField, showServerErrors, useContractForm } from '@manzil/ui/forms';
import { useSavedSearchMutations } from './saved-search-queries.js';

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

interface SaveValues {
  name: string;
  frequency: SavedSearchFrequency;
}

/**
 * Name the search and choose how often to hear of it; `filters` are the list's search-API
 * filters (what the matching compares) and the link is the page as it is now.
 */
export function SaveSearchDialog({
  defaultName,
  filters,
  onClose,
}: {
  defaultName: string;
  filters: SavedSearchFilterInput;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const language = useLanguage();
  const feedback = useFeedback();
  const location = useLocation();
  const link = `${location.pathname}${location.search}`;
  const { create } = useSavedSearchMutations(language);
  const form = useContractForm<SaveValues>({
    schema: createSavedSearchRequestSchema,
    defaultValues: { name: defaultName.slice(0, 80), frequency: 'instant' },
    toInput: (values) => ({ ...values, link, filters }),
  });
  const onValid = async (values: unknown) => {
    try {
      await create.mutateAsync(values as CreateSavedSearchRequest);
      feedback.toast('success', t('customer.savedSearch.saved'));
      onClose();
    } catch (failure) {
      if (!showServerErrors(form, failure))
        feedback.toast(
          'danger',
          failure instanceof Error && failure.message ? failure.message : t('customer.savedSearch.failed'),
        );
    }
  };
  return (
    <FormDialog
      form={form}
      onValid={onValid}
      title={t('customer.savedSearch.dialogTitle')}
      cancelLabel={t('customer.savedSearch.cancel')}
      submitLabel={t('customer.savedSearch.submit')}
      onClose={onClose}
      testId="save-search"
    >
      <p className="mz-field__hint">{t('customer.savedSearch.lead')}</p>
      <TextField
        control={form.control}
        name="name"
        label={t('customer.savedSearch.name')}
        maxLength={80}
        testId="save-search-name"
      />
      <SelectField
        control={form.control}
        name="frequency"
        label={t('customer.savedSearch.frequency')}
        options={SAVED_SEARCH_FREQUENCIES.map((value) => ({
          value,
          label: t(`customer.savedSearch.frequency.${value}`),
        }))}
        testId="save-search-frequency"
      />
    </FormDialog>
  );
}

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
        <SaveSearchDialog defaultName={defaultName} filters={filters} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
