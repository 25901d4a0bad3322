import { useIntl } from 'react-intl';
import { useLocation } from '@manzil/ui/router';
import {
  SAVED_SEARCH_FREQUENCIES,
  createSavedSearchRequestSchema,
  type CreateSavedSearchRequest,
  type SavedSearchFrequency,
} from '@manzil/contracts';
import { useFeedback, useLanguage } from '@manzil/ui';
import { FormDialog, SelectField, TextField, showServerErrors, useContractForm } from '@manzil/ui/forms';
import type { SavedSearchFilterInput } from './save-search-button.js';
import { useSavedSearchMutations } from './saved-search-queries.js';

// Its own chunk, loaded when the dialog first opens: the listing page then does not bring
// `@manzil/ui/forms` (react-hook-form, the fields) with its first load (issue 10).

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
