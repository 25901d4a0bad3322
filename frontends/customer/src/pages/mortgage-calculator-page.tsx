import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import {
  listingPagePath,
  mortgageInputSchema,
  mortgageQuote,
  normalizeDigits,
  type MortgageInput,
  type MortgageQuote,
  type MortgageSettings,
  type Site,
} from '@manzil/contracts';
import {
  contentQueries,
  currencyLabel,
  formatNumber,
  formatPrice,
  useDocumentHead,
  useLanguage,
} from '@manzil/ui';
import { FormErrorSummary, TextField, useContractForm } from '@manzil/ui/forms';
import { ContentError, ContentLoading, PageHeading } from './content/content-parts.js';

type Values = Record<keyof MortgageInput, string>;

/** What a number field keeps of what is typed: Arabic-Indic digits as Latin, one decimal point, no grouping. */
export function decimalTyped(typed: string): string {
  const plain = normalizeDigits(typed)
    .replace(/[٫]/g, '.')
    .replace(/[^0-9.]/g, '');
  const [whole, ...rest] = plain.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('')}`;
}

/** The form's first values: a listing's price when one is given, else 1,000,000. */
function defaults(settings: MortgageSettings, value = 1_000_000): Values {
  return {
    propertyValue: String(value),
    downPayment: String((value * settings.defaultDownPaymentPercent) / 100),
    termYears: String(settings.defaultTermYears),
    interestRate: String(settings.defaultInterestRate),
  };
}

const toInput = (values: Values) => ({
  propertyValue: values.propertyValue.trim() === '' ? undefined : values.propertyValue,
  downPayment: values.downPayment.trim() === '' ? undefined : values.downPayment,
  termYears: values.termYears.trim() === '' ? undefined : values.termYears,
  interestRate: values.interestRate.trim() === '' ? undefined : values.interestRate,
});

/**
 * `/mortgage-calculator` (and its Arabic path): the monthly payment and the upfront costs
 * from the site's mortgage settings, recomputed as the buyer types; each rule of spec §5 is
 * checked as a field is left, with its message beside the field.
 */
export function MortgageCalculatorPage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const settings = useQuery(contentQueries.mortgageSettings(language));
  // A listing's "open the calculator" link carries its price.
  const [params] = useSearchParams();
  const price = Number(params.get('price'));
  useDocumentHead({
    language,
    title: t('customer.mortgage.title'),
    description: t('customer.mortgage.lead', { country: t(`customer.country.${site}`) }),
    path: listingPagePath('mortgage-calculator', language),
    alternates: {
      en: listingPagePath('mortgage-calculator', 'en'),
      ar: listingPagePath('mortgage-calculator', 'ar'),
    },
  });
  return (
    <div className="mz-container cu-page" data-testid="mortgage-page">
      <PageHeading
        eyebrow={t('customer.mortgage.eyebrow')}
        title={t('customer.mortgage.title')}
        lead={t('customer.mortgage.lead', { country: t(`customer.country.${site}`) })}
      />
      {settings.isPending ? <ContentLoading /> : null}
      {settings.isError ? <ContentError onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <MortgageCalculator
          settings={settings.data}
          site={site}
          propertyValue={
            Number.isFinite(price) && price >= settings.data.minPropertyValue ? price : undefined
          }
        />
      ) : null}
    </div>
  );
}

/**
 * The calculator itself: on its own page, and on a listing for sale with the listing's price
 * (`propertyValue`) as the first value.
 */
export function MortgageCalculator({
  settings,
  site,
  propertyValue,
  nested = false,
}: {
  settings: MortgageSettings;
  site: Site;
  propertyValue?: number;
  /** Inside a page section with its own h2 (a listing): the results' headings one level down. */
  nested?: boolean;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const schema = useMemo(() => mortgageInputSchema(settings), [settings]);
  const first = defaults(settings, propertyValue);
  const form = useContractForm<Values>({ schema, defaultValues: first, toInput });
  const { control } = form;
  const values = useWatch({ control });
  const parsed = schema.safeParse(toInput({ ...first, ...values } as Values));
  const quote = parsed.success ? mortgageQuote(parsed.data, settings) : null;
  const value = Number(values.propertyValue);
  const down = Number(values.downPayment);
  const share = value > 0 && Number.isFinite(down) ? Math.round((down / value) * 1000) / 10 : null;
  const percent = (n: number) => `${formatNumber(n, language)}%`;
  const field = { inputMode: 'decimal' as const, transform: decimalTyped, autoComplete: 'off' };

  return (
    <div className="cu-mortgage">
      <form
        className="mz-form cu-card cu-mortgage__form"
        noValidate
        onSubmit={(event) => void form.handleSubmit(() => undefined)(event)}
        data-testid="mortgage-form"
        aria-label={t('customer.mortgage.form')}
      >
        <FormErrorSummary control={control} setFocus={form.setFocus} />
        <TextField
          control={control}
          name="propertyValue"
          label={t('customer.mortgage.value', { currency: currencyLabel(settings.currency, language) })}
          hint={t('customer.mortgage.valueHint', {
            min: formatNumber(settings.minPropertyValue, language),
          })}
          testId="field-propertyValue"
          {...field}
        />
        <TextField
          control={control}
          name="downPayment"
          label={t('customer.mortgage.downPayment', {
            currency: currencyLabel(settings.currency, language),
          })}
          hint={t('customer.mortgage.downPaymentHint', {
            share: share === null ? '–' : percent(share),
            min: percent(settings.minDownPaymentPercent),
            max: percent(settings.maxDownPaymentPercent),
          })}
          testId="field-downPayment"
          {...field}
        />
        <div className="mz-form__row">
          <TextField
            control={control}
            name="termYears"
            label={t('customer.mortgage.term')}
            hint={t('customer.mortgage.termHint', {
              min: formatNumber(settings.minTermYears, language),
              max: formatNumber(settings.maxTermYears, language),
            })}
            testId="field-termYears"
            {...field}
            inputMode="numeric"
          />
          <TextField
            control={control}
            name="interestRate"
            label={t('customer.mortgage.interest')}
            hint={t('customer.mortgage.interestHint', {
              min: percent(settings.minInterestRate),
              max: percent(settings.maxInterestRate),
            })}
            testId="field-interestRate"
            {...field}
          />
        </div>
      </form>
      <Results quote={quote} settings={settings} site={site} nested={nested} />
    </div>
  );
}

function Results({
  quote,
  settings,
  site,
  nested,
}: {
  quote: MortgageQuote | null;
  settings: MortgageSettings;
  site: Site;
  nested: boolean;
}) {
  const Heading = nested ? 'h3' : 'h2';
  const Subhead = nested ? 'h4' : 'h3';
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  // Whole units, as portals and banks quote them (the quote keeps the cents).
  const money = (amount: number) => formatPrice(Math.round(amount), settings.currency, language);
  if (!quote) {
    return (
      <section className="cu-card cu-mortgage__results" aria-live="polite" data-testid="mortgage-results">
        <p className="cu-mortgage__empty">{t('customer.mortgage.fix')}</p>
      </section>
    );
  }
  const costs: [string, number][] = [
    [
      site === 'sa' ? 'customer.mortgage.cost.transactionTax' : 'customer.mortgage.cost.landDepartment',
      quote.upfront.landDepartment,
    ],
    ['customer.mortgage.cost.registration', quote.upfront.registration],
    ['customer.mortgage.cost.mortgageRegistration', quote.upfront.mortgageRegistration],
    ['customer.mortgage.cost.agency', quote.upfront.agency],
    ['customer.mortgage.cost.bankArrangement', quote.upfront.bankArrangement],
    ['customer.mortgage.cost.valuation', quote.upfront.valuation],
    ['customer.mortgage.cost.vat', quote.upfront.vat],
  ];
  return (
    <section
      className="cu-card cu-mortgage__results"
      aria-labelledby="mortgage-monthly"
      data-testid="mortgage-results"
    >
      <Heading id="mortgage-monthly" className="cu-mortgage__label">
        {t('customer.mortgage.monthly')}
      </Heading>
      <p className="cu-mortgage__monthly" aria-live="polite" data-testid="mortgage-monthly">
        {money(quote.monthlyPayment)}
      </p>
      <dl className="cu-mortgage__facts">
        <dt>{t('customer.mortgage.loan')}</dt>
        <dd data-testid="mortgage-loan">{money(quote.loanAmount)}</dd>
        <dt>{t('customer.mortgage.totalInterest')}</dt>
        <dd>{money(quote.totalInterest)}</dd>
      </dl>
      <Subhead className="cu-mortgage__subhead">{t('customer.mortgage.upfront')}</Subhead>
      <dl className="cu-mortgage__costs" data-testid="mortgage-costs">
        {costs
          .filter(([, amount]) => amount > 0)
          .map(([id, amount]) => (
            <div key={id} className="cu-mortgage__cost">
              <dt>{t(id)}</dt>
              <dd>{money(amount)}</dd>
            </div>
          ))}
        <div className="cu-mortgage__cost cu-mortgage__cost--total">
          <dt>{t('customer.mortgage.upfrontTotal')}</dt>
          <dd data-testid="mortgage-upfront-total">{money(quote.upfront.total)}</dd>
        </div>
        <div className="cu-mortgage__cost cu-mortgage__cost--total">
          <dt>{t('customer.mortgage.cash')}</dt>
          <dd data-testid="mortgage-cash">{money(quote.cashNeeded)}</dd>
        </div>
      </dl>
      <p className="cu-mortgage__note">{t('customer.mortgage.note')}</p>
    </section>
  );
}
