import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  AGREEMENT_TYPES,
  FURNISHINGS,
  IDENTITY_API,
  MARKET_STATUSES,
  PROPERTY_KINDS,
  PROPERTY_TYPE_SLUGS,
  agentSummarySchema,
  pageSchema,
  propertyCreateSchemaFor,
  purposeOf,
  type PropertyTypeSlug,
} from '@manzil/contracts';
import { apiQueryFn, identityPath } from '@manzil/ui';
import { SelectField, TextAreaField, TextField } from '@manzil/ui/forms';
import { typed, typedPair, useDraftStep } from './draft-form.js';
import { StepForm, decimalTyping, useT } from './step-parts.js';
import type { StepProps } from './wizard-page.js';

export interface BasicValues {
  propertyType: string;
  kind: string;
  agentId: string;
  agreementType: string;
  title: { en: string; ar: string };
  subTitle: { en: string; ar: string };
  description: { en: string; ar: string };
  price: string;
  priceDaily: string;
  priceWeekly: string;
  priceMonthly: string;
  priceYearly: string;
  bedrooms: string;
  bathrooms: string;
  builtUpArea: string;
  furnishing: string;
  marketStatus: string;
  tour360Url: string;
  permitNumber: string;
  referenceNumber: string;
}

const RENT_PRICES = ['priceDaily', 'priceWeekly', 'priceMonthly', 'priceYearly'] as const;
/** Choices of the details section, each with its message group and its values. */
const CHOICES = [
  ['furnishing', 'furnishing', FURNISHINGS],
  ['marketStatus', 'market', MARKET_STATUSES],
] as const;
/** Links and numbers written left to right in both languages. */
const CODES = ['tour360Url', 'permitNumber', 'referenceNumber'] as const;
/** The texts written in both languages, English and Arabic side by side. */
const PAIRS = ['title', 'subTitle', 'description'] as const;

function basicValues(draft: Record<string, unknown>): BasicValues {
  return {
    propertyType: typed(draft.propertyType) || 'buy',
    kind: typed(draft.kind) || 'apartment',
    agentId: typed(draft.agentId),
    agreementType: typed(draft.agreementType),
    title: typedPair(draft.title),
    subTitle: typedPair(draft.subTitle),
    description: typedPair(draft.description),
    price: typed(draft.price),
    priceDaily: typed(draft.priceDaily),
    priceWeekly: typed(draft.priceWeekly),
    priceMonthly: typed(draft.priceMonthly),
    priceYearly: typed(draft.priceYearly),
    bedrooms: typed(draft.bedrooms),
    bathrooms: typed(draft.bathrooms),
    builtUpArea: typed(draft.builtUpArea),
    furnishing: typed(draft.furnishing),
    marketStatus: typed(draft.marketStatus),
    tour360Url: typed(draft.tour360Url),
    permitNumber: typed(draft.permitNumber),
    referenceNumber: typed(draft.referenceNumber),
  };
}

const agentsPageSchema = pageSchema(agentSummarySchema);

/** A company names which of its agents shows the listing (the listings service checks it is theirs). */
function AgentChoice({
  control,
  language,
}: Pick<ReturnType<typeof useDraftStep<BasicValues>>['form'], 'control'> & {
  language: StepProps['language'];
}) {
  const t = useT();
  const agents = useQuery({
    queryKey: ['agents', 'list', { language, page: 1, limit: 100 }],
    queryFn: apiQueryFn(identityPath(IDENTITY_API.agents), {
      language,
      query: { page: 1, limit: 100 },
      results: agentsPageSchema,
    }),
  });
  return (
    <SelectField
      control={control}
      name="agentId"
      label={t('agentPortal.field.agent')}
      placeholder={t('agentPortal.choose')}
      options={(agents.data?.items ?? []).map((agent) => ({
        value: agent.id,
        label: `${agent.firstName} ${agent.lastName}`,
      }))}
      testId="property-agent"
    />
  );
}

/** Step 1: what the listing is, its titles in both languages (spec §5: the Arabic title is required), price and size. */
export function BasicStep({ property, language, site, session, advance, back }: StepProps) {
  const t = useT();
  const company = session?.role === 'company';
  const { form, saveAndAdvance } = useDraftStep<BasicValues>({
    step: 'basic',
    property,
    language,
    schema: propertyCreateSchemaFor(site),
    advance,
    defaults: basicValues(property?.draft ?? {}),
  });
  const { control } = form;
  const propertyType = useWatch({ control, name: 'propertyType' }) as PropertyTypeSlug;
  const rent = purposeOf(propertyType) === 'rent';
  const options = (group: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`agentPortal.${group}.${value}`) }));
  const number = (name: keyof BasicValues, label: string) => (
    <TextField
      control={control}
      name={name}
      label={label}
      inputMode="decimal"
      dir="ltr"
      transform={decimalTyping}
      testId={`property-${name}`}
    />
  );

  // An agent shows its own listings: only a company names the agent.
  const onSave = (values: BasicValues) =>
    saveAndAdvance((company ? values : { ...values, agentId: undefined }) as BasicValues);

  return (
    <StepForm form={form} onSave={onSave} step="basic" back={back}>
      <fieldset className="mz-fieldset">
        <legend>{t('agentPortal.section.what')}</legend>
        <div className="ap-grid">
          <SelectField
            control={control}
            name="propertyType"
            label={t('agentPortal.field.propertyType')}
            options={options('type', PROPERTY_TYPE_SLUGS)}
            testId="property-propertyType"
          />
          <SelectField
            control={control}
            name="kind"
            label={t('agentPortal.field.kind')}
            options={options('kind', PROPERTY_KINDS)}
            testId="property-kind"
          />
          <SelectField
            control={control}
            name="agreementType"
            label={t('agentPortal.field.agreementType')}
            placeholder={t('agentPortal.choose')}
            options={options('agreement', AGREEMENT_TYPES)}
            testId="property-agreementType"
          />
          {company ? <AgentChoice control={control} language={language} /> : null}
        </div>
      </fieldset>
      <fieldset className="mz-fieldset" data-field-group>
        <legend>{t('agentPortal.section.titles')}</legend>
        <div className="ap-grid ap-grid--pair">
          {PAIRS.flatMap((field) =>
            (['en', 'ar'] as const).map((lang) => {
              const Field = field === 'description' ? TextAreaField : TextField;
              const suffix = lang === 'en' ? 'En' : 'Ar';
              return (
                <Field
                  key={`${field}.${lang}`}
                  control={control}
                  name={`${field}.${lang}`}
                  label={t(`agentPortal.field.${field}${suffix}`)}
                  dir={lang === 'en' ? 'ltr' : 'rtl'}
                  lang={lang}
                  testId={`property-${field}-${lang}`}
                />
              );
            }),
          )}
        </div>
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t(rent ? 'agentPortal.section.rent' : 'agentPortal.section.price')}</legend>
        {rent ? <p className="ap-hint">{t('agentPortal.hint.rent')}</p> : null}
        <div className="ap-grid">
          {rent
            ? RENT_PRICES.map((name) => (
                <span key={name} className="ap-cell">
                  {number(name, t(`agentPortal.field.${name}`))}
                </span>
              ))
            : number('price', t('agentPortal.field.price'))}
        </div>
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t('agentPortal.section.facts')}</legend>
        <div className="ap-grid">
          {number('bedrooms', t('agentPortal.field.bedrooms'))}
          {number('bathrooms', t('agentPortal.field.bathrooms'))}
          {number('builtUpArea', t('agentPortal.field.builtUpArea'))}
          {CHOICES.map(([name, group, values]) => (
            <SelectField
              key={name}
              control={control}
              name={name}
              label={t(`agentPortal.field.${name}`)}
              placeholder={t('agentPortal.choose')}
              options={options(group, values)}
              testId={`property-${name}`}
            />
          ))}
          {CODES.map((name) => (
            <TextField
              key={name}
              control={control}
              name={name}
              label={t(`agentPortal.field.${name}`)}
              type={name === 'tour360Url' ? 'url' : 'text'}
              dir="ltr"
              testId={`property-${name}`}
            />
          ))}
        </div>
      </fieldset>
    </StepForm>
  );
}
