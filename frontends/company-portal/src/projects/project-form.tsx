import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_COMPLETIONS,
  PROJECTS_API,
  projectCreateSchema,
  type Language,
  type OwnedProject,
} from '@manzil/contracts';
import { ApiError, apiFetch, useFeedback, refetchAfterWrite } from '@manzil/ui';
import {
  FormErrorSummary,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { listingsPath, placesQuery, projectKeys } from './projects-api.js';

export interface ProjectValues {
  title: { en: string; ar: string };
  description: { en: string; ar: string };
  developer: string;
  licenceNumber: string;
  cityId: string;
  communityId: string;
  totalArea: string;
  totalUnits: string;
  availableUnits: string;
  deliveryDate: string;
  startingPrice: string;
  paymentPlan: { booking: string; construction: string; handover: string };
  completion: string;
}

export const EMPTY_PROJECT: ProjectValues = {
  title: { en: '', ar: '' },
  description: { en: '', ar: '' },
  developer: '',
  licenceNumber: '',
  cityId: '',
  communityId: '',
  totalArea: '',
  totalUnits: '',
  availableUnits: '',
  deliveryDate: '',
  startingPrice: '',
  paymentPlan: { booking: '10', construction: '60', handover: '30' },
  completion: 'offPlan',
};

const blank = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * A new project (contracts' projectCreateSchema: both names, a payment plan of 100%, no more
 * available units than units…): the same rules and messages as the server, and what was typed
 * stays when the server refuses.
 */
export function ProjectForm({
  language,
  onCreated,
}: {
  language: Language;
  onCreated: (project: OwnedProject) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = (field: string) => t(`companyPortal.project.${field}`);
  const client = useQueryClient();
  const { toast } = useFeedback();
  const form = useContractForm<ProjectValues>({
    schema: projectCreateSchema,
    defaultValues: EMPTY_PROJECT,
    toInput: (values) => ({
      ...values,
      licenceNumber: blank(values.licenceNumber),
      communityId: blank(values.communityId),
    }),
  });
  const { control } = form;
  const cityId = form.watch('cityId');
  const cities = useQuery(placesQuery(language, null));
  const communities = useQuery({ ...placesQuery(language, cityId || null), enabled: !!cityId });
  const create = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(listingsPath(PROJECTS_API.projects), { language, method: 'POST', body }),
    onSuccess: () => refetchAfterWrite(client, projectKeys.all),
  });

  async function onValid(body: unknown) {
    try {
      const envelope = await create.mutateAsync(body);
      toast('success', t('companyPortal.projects.created'));
      onCreated(envelope.results as OwnedProject);
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
      className="mz-form cp-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="project-form"
    >
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      <fieldset className="mz-fieldset">
        <legend>{t('companyPortal.projects.section.about')}</legend>
        <div className="cp-grid">
          <TextField
            control={control}
            name="title.en"
            label={label('titleEn')}
            dir="ltr"
            testId="project-title-en"
          />
          <TextField
            control={control}
            name="title.ar"
            label={label('titleAr')}
            dir="rtl"
            lang="ar"
            testId="project-title-ar"
          />
          <TextField
            control={control}
            name="developer"
            label={label('developer')}
            testId="project-developer"
          />
          <TextField
            control={control}
            name="licenceNumber"
            label={label('licence')}
            testId="project-licence"
          />
          <SelectField
            control={control}
            name="completion"
            label={label('completion')}
            options={PROJECT_COMPLETIONS.map((value) => ({
              value,
              label: t(`companyPortal.completion.${value}`),
            }))}
            testId="project-completion"
          />
        </div>
        <TextAreaField
          control={control}
          name="description.en"
          label={label('descriptionEn')}
          dir="ltr"
          testId="project-description-en"
        />
        <TextAreaField
          control={control}
          name="description.ar"
          label={label('descriptionAr')}
          dir="rtl"
          lang="ar"
          testId="project-description-ar"
        />
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t('companyPortal.projects.section.place')}</legend>
        <div className="cp-grid">
          <SelectField
            control={control}
            name="cityId"
            label={label('city')}
            placeholder={t('companyPortal.projects.choose')}
            options={(cities.data?.items ?? []).map((city) => ({
              value: city.id,
              label: city.name[language],
            }))}
            testId="project-city"
          />
          <SelectField
            control={control}
            name="communityId"
            label={label('community')}
            placeholder={t('companyPortal.projects.optional')}
            disabled={!cityId}
            options={(communities.data?.items ?? []).map((place) => ({
              value: place.id,
              label: place.name[language],
            }))}
            testId="project-community"
          />
        </div>
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t('companyPortal.projects.section.facts')}</legend>
        <div className="cp-grid">
          <TextField
            control={control}
            name="totalArea"
            label={label('totalArea')}
            inputMode="decimal"
            testId="project-total-area"
          />
          <TextField
            control={control}
            name="totalUnits"
            label={label('totalUnits')}
            inputMode="numeric"
            testId="project-total-units"
          />
          <TextField
            control={control}
            name="availableUnits"
            label={label('availableUnits')}
            inputMode="numeric"
            testId="project-available-units"
          />
          <TextField
            control={control}
            name="startingPrice"
            label={label('startingPrice')}
            inputMode="decimal"
            testId="project-starting-price"
          />
          <TextField
            control={control}
            name="deliveryDate"
            label={label('deliveryDate')}
            type="date"
            testId="project-delivery"
          />
        </div>
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t('companyPortal.projects.section.plan')}</legend>
        <div className="cp-grid">
          <TextField
            control={control}
            name="paymentPlan.booking"
            label={label('booking')}
            inputMode="numeric"
            testId="project-booking"
          />
          <TextField
            control={control}
            name="paymentPlan.construction"
            label={label('construction')}
            inputMode="numeric"
            testId="project-construction"
          />
          <TextField
            control={control}
            name="paymentPlan.handover"
            label={label('handover')}
            inputMode="numeric"
            testId="project-handover"
          />
        </div>
      </fieldset>
      <SubmitButton control={control} variant="primary" data-testid="project-submit">
        {t('companyPortal.projects.create')}
      </SubmitButton>
    </form>
  );
}
