import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROJECTS_API, UNIT_LAYOUTS, unitCreateSchema, type Language } from '@manzil/contracts';
import { ApiError, apiFetch, useFeedback, refetchAfterWrite } from '@manzil/ui';
import {
  FormErrorSummary,
  SelectField,
  SubmitButton,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { listingsPath, projectKeys } from './projects-api.js';

interface UnitValues {
  layout: string;
  bedrooms: string;
  area: string;
  price: string;
  reference: string;
}
const EMPTY: UnitValues = { layout: 'apartment', bedrooms: '', area: '', price: '', reference: '' };
const blank = (value: string) => (value.trim() === '' ? undefined : value);

/** Adds a unit to a project (contracts' unitCreateSchema: the same rules and messages as the server). */
export function UnitForm({ projectId, language }: { projectId: string; language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const { toast } = useFeedback();
  const form = useContractForm<UnitValues>({
    schema: unitCreateSchema,
    defaultValues: EMPTY,
    toInput: (values) => ({ ...values, reference: blank(values.reference) }),
  });
  const add = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(listingsPath(PROJECTS_API.units(projectId)), { language, method: 'POST', body }),
    onSuccess: () => refetchAfterWrite(client, projectKeys.all),
  });
  const { control } = form;

  async function onValid(body: unknown) {
    try {
      await add.mutateAsync(body);
      toast('success', t('companyPortal.projects.unitAdded'));
      form.reset(EMPTY);
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('companyPortal.error'),
      );
    }
  }

  return (
    <form
      className="mz-form cp-form cp-unit-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="unit-form"
    >
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      <div className="cp-grid">
        <SelectField
          control={control}
          name="layout"
          label={t('companyPortal.unit.layout')}
          options={UNIT_LAYOUTS.map((value) => ({ value, label: t(`companyPortal.layout.${value}`) }))}
          testId="unit-layout"
        />
        <TextField
          control={control}
          name="bedrooms"
          label={t('companyPortal.unit.bedrooms')}
          inputMode="numeric"
          testId="unit-bedrooms"
        />
        <TextField
          control={control}
          name="area"
          label={t('companyPortal.unit.area')}
          inputMode="decimal"
          testId="unit-area"
        />
        <TextField
          control={control}
          name="price"
          label={t('companyPortal.unit.price')}
          inputMode="decimal"
          testId="unit-price"
        />
        <TextField
          control={control}
          name="reference"
          label={t('companyPortal.unit.reference')}
          testId="unit-reference"
        />
      </div>
      <SubmitButton control={control} variant="secondary" data-testid="unit-submit">
        {t('companyPortal.projects.addUnit')}
      </SubmitButton>
    </form>
  );
}
