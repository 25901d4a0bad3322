import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  FINANCE_TYPES,
  LISTINGS_API,
  PROPERTY_KINDS,
  REQUIREMENT_AGREEMENT_STATUSES,
  REQUIREMENT_CATEGORIES,
  REQUIREMENT_REQUEST_TYPES,
  REQUIREMENT_USER_TYPES,
  locationSchema,
  pageSchema,
  requirementRequestSchemaFor,
  requirementSchema,
  type Language,
  type Site,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, buttonClassName, useFeedback, useLanguage, useSession } from '@manzil/ui';
import {
  ContactFields,
  FormErrorSummary,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import '../proposal/proposal.css';

const citiesQuery = (language: Language) =>
  queryOptions({
    queryKey: ['listings', 'cities', { language }],
    queryFn: apiQueryFn(`/api/listings${LISTINGS_API.locations}`, {
      language,
      query: { limit: 100 },
      results: pageSchema(locationSchema),
    }),
    staleTime: 60 * 60_000,
  });

interface RequirementValues {
  name: string;
  cityId: string;
  subLocation: string;
  budgetMin: string;
  budgetMax: string;
  areaMin: string;
  areaMax: string;
  propertyKind: string;
  requestType: string;
  category: string;
  unitType: string;
  finance: string;
  ownerName: string;
  email: string;
  countryCode: '+971' | '+966';
  mobile: string;
  description: string;
  userType: string;
  agreementStatus: string;
}

const decimal = (typed: string) => typed.replace(/[^\d٠-٩.,]/g, '').slice(0, 14);

/**
 * Request property (spec §2, §3 Requirement): a customer asks for a property (buy, rent) or offers
 * one to list (sell). Budget minimum below maximum (§5), the contracts' messages beside each
 * field; on the Saudi site individual or corporate; the agreement offered to agents (optional).
 * Agents whose listings match (same city, type and purpose) see it in their portal. A visitor is asked to log in, without a call.
 */
export function RequestPropertyPage({ site }: { site: Site }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const session = useSession();
  if (!session || session.role !== 'user')
    return (
      <main className="mz-container cu-requirement" data-testid="requirement-login">
        <h1>{t('customer.requirement.title')}</h1>
        <p>{t(session ? 'customer.requirement.customersOnly' : 'customer.requirement.loginFirst')}</p>
        {session ? null : (
          <Link className={buttonClassName('primary')} to="/login?type=Customer">
            {t('customer.requirement.login')}
          </Link>
        )}
      </main>
    );
  return <RequirementForm site={site} />;
}

function RequirementForm({ site }: { site: Site }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const language = useLanguage();
  const session = useSession();
  const feedback = useFeedback();
  const formId = useId();
  const [sent, setSent] = useState(false);
  const cities = useQuery(citiesQuery(language));
  const form = useContractForm<RequirementValues>({
    schema: requirementRequestSchemaFor(site),
    defaultValues: {
      name: session?.name ?? '',
      cityId: '',
      subLocation: '',
      budgetMin: '',
      budgetMax: '',
      areaMin: '',
      areaMax: '',
      propertyKind: '',
      requestType: '',
      category: '',
      unitType: '',
      finance: '',
      ownerName: '',
      email: '',
      countryCode: site === 'sa' ? '+966' : '+971',
      mobile: '',
      description: '',
      userType: '',
      agreementStatus: '',
    },
  });
  const send = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(`/api/listings${ENGAGEMENT_API.requirements}`, {
        language,
        method: 'POST',
        body,
        results: requirementSchema,
      }),
  });
  const onValid = async (body: unknown) => {
    try {
      await send.mutateAsync(body);
      setSent(true);
      feedback.toast('success', t('customer.requirement.sent'));
    } catch (failure) {
      if (!showServerErrors(form, failure)) feedback.toast('danger', t('customer.requirement.failed'));
    }
  };
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  // One of the form's closed lists: label from the field's name, options from the contracts' values.
  const choice = <T extends string>(
    name: keyof RequirementValues,
    values: readonly T[],
    prefix: string,
    testId: string,
  ) => (
    <SelectField
      control={form.control}
      name={name}
      label={t(`customer.requirement.${name}`)}
      placeholder={t('customer.requirement.choose')}
      options={options(values, prefix)}
      testId={testId}
    />
  );
  // A minimum and a maximum side by side (budget, area): decimals, Arabic-Indic digits kept.
  const range = (...names: ['budgetMin', 'budgetMax'] | ['areaMin', 'areaMax']) => (
    <div className="cu-requirement__pair">
      {names.map((name) => (
        <TextField
          key={name}
          control={form.control}
          name={name}
          label={t(`customer.requirement.${name}`)}
          inputMode="decimal"
          transform={decimal}
          testId={`requirement-${name.replace(/[A-Z]/, (letter) => `-${letter.toLowerCase()}`)}`}
        />
      ))}
    </div>
  );
  if (sent)
    return (
      <main className="mz-container cu-requirement" data-testid="requirement-sent">
        <h1>{t('customer.requirement.title')}</h1>
        <p role="status">{t('customer.requirement.sentLong')}</p>
        <button type="button" className={buttonClassName('secondary')} onClick={() => setSent(false)}>
          {t('customer.requirement.another')}
        </button>
      </main>
    );
  return (
    <main className="mz-container cu-requirement">
      <h1>{t('customer.requirement.title')}</h1>
      <p className="cu-requirement__lead">{t('customer.requirement.lead')}</p>
      <form
        id={formId}
        className="mz-form cu-requirement__form"
        noValidate
        data-testid="requirement-form"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <FormErrorSummary control={form.control} setFocus={form.setFocus} />
        {choice(
          'requestType',
          REQUIREMENT_REQUEST_TYPES,
          'customer.requirement.requestTypes',
          'requirement-request-type',
        )}
        {choice(
          'category',
          REQUIREMENT_CATEGORIES,
          'customer.requirement.categories',
          'requirement-category',
        )}
        {choice('propertyKind', PROPERTY_KINDS, 'customer.kind', 'requirement-kind')}
        <SelectField
          control={form.control}
          name="cityId"
          label={t('customer.requirement.city')}
          placeholder={t('customer.requirement.choose')}
          options={(cities.data?.items ?? []).map((city) => ({ value: city.id, label: city.name[language] }))}
          testId="requirement-city"
        />
        <TextField
          control={form.control}
          name="subLocation"
          label={t('customer.requirement.subLocation')}
          maxLength={120}
          testId="requirement-sub-location"
        />
        {range('budgetMin', 'budgetMax')}
        {range('areaMin', 'areaMax')}
        <TextField
          control={form.control}
          name="unitType"
          label={t('customer.requirement.unitType')}
          maxLength={60}
          testId="requirement-unit-type"
        />
        {choice('finance', FINANCE_TYPES, 'customer.requirement.financeTypes', 'requirement-finance')}
        {site === 'sa'
          ? choice(
              'userType',
              REQUIREMENT_USER_TYPES,
              'customer.requirement.userTypes',
              'requirement-user-type',
            )
          : null}
        {choice(
          'agreementStatus',
          REQUIREMENT_AGREEMENT_STATUSES,
          'customer.requirement.agreementStatuses',
          'requirement-agreement-status',
        )}
        <TextField
          control={form.control}
          name="name"
          label={t('customer.requirement.name')}
          testId="requirement-name"
        />
        <TextField
          control={form.control}
          name="ownerName"
          label={t('customer.requirement.ownerName')}
          maxLength={50}
          testId="requirement-owner-name"
        />
        <ContactFields
          control={form.control}
          label={(field) => t(`customer.requirement.${field}`)}
          testIdPrefix="requirement"
          autoComplete
        />
        <TextAreaField
          control={form.control}
          name="description"
          label={t('customer.requirement.description')}
          rows={4}
          maxLength={1000}
          testId="requirement-description"
        />
        <SubmitButton control={form.control} form={formId} data-testid="requirement-submit">
          {t('customer.requirement.submit')}
        </SubmitButton>
      </form>
    </main>
  );
}
