import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import {
  AGREEMENT_TYPES,
  FURNISHINGS,
  MARKET_STATUSES,
  PROPERTY_KINDS,
  purposeOf,
  tidySpaces,
  type PropertyTypeSlug,
} from '@manzil/contracts';
import { Button, ChevronDownIcon, Ltr, SearchIcon, useLanguage, useTabs } from '@manzil/ui';
import { LocationPicker } from './location-picker.js';
import {
  BATHROOM_CHOICES,
  BATHROOMS_PLUS,
  BEDROOM_CHOICES,
  listingTypeOf,
  mapSearchHref,
  parseAmount,
  type SearchFilters,
  type SelectedLocation,
} from './search-filters.js';
import { masterDataQuery } from './search-queries.js';
import { ToggleChip, toggled } from './toggle-chip.js';

const PURPOSES = ['buy', 'rent'] as const;
type Purpose = (typeof PURPOSES)[number];

interface SearchFormValues {
  purpose: Purpose;
  commercial: boolean;
  kind: string;
  locations: SelectedLocation[];
  bedrooms: number[];
  bathrooms: number[];
  minPrice: string;
  maxPrice: string;
  minArea: string;
  maxArea: string;
  furnishing: string;
  amenities: string[];
  agreement: string;
  marketStatus: string;
  keywords: string;
}

const AMOUNT_FIELDS = ['minPrice', 'maxPrice', 'minArea', 'maxArea'] as const;
const AMOUNT_RANGES = [
  ['minPrice', 'maxPrice'],
  ['minArea', 'maxArea'],
] as const;

type AmountField = (typeof AMOUNT_FIELDS)[number];
type AmountErrors = Partial<Record<AmountField, string>>;

/**
 * The form's own rules: an amount box is blank or a number (Arabic-Indic digits and separators
 * accepted), and a minimum is not above its maximum; the message ids of the boxes that break one.
 * Written by hand, not as a zod schema: zod reaches the page once, inside the shared
 * `@manzil/contracts`, and a direct import here would bundle a second copy into this remote.
 */
export function searchFormErrors(values: Pick<SearchFormValues, AmountField>): AmountErrors {
  const errors: AmountErrors = {};
  for (const name of AMOUNT_FIELDS) {
    if (values[name].trim() !== '' && parseAmount(values[name]) === undefined)
      errors[name] = 'customer.search.error.number';
  }
  for (const [min, max] of AMOUNT_RANGES) {
    const low = parseAmount(values[min]);
    const high = parseAmount(values[max]);
    if (low !== undefined && high !== undefined && low > high) errors[max] = 'customer.search.error.range';
  }
  return errors;
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

function valuesOf(type: PropertyTypeSlug, filters: SearchFilters): SearchFormValues {
  return {
    purpose: purposeOf(type),
    commercial: type.startsWith('commercial'),
    kind: filters.kind ?? '',
    locations: filters.locations,
    bedrooms: filters.bedrooms,
    bathrooms: filters.bathrooms,
    minPrice: text(filters.minPrice),
    maxPrice: text(filters.maxPrice),
    minArea: text(filters.minArea),
    maxArea: text(filters.maxArea),
    furnishing: filters.furnishing ?? '',
    amenities: filters.amenities,
    agreement: filters.agreement ?? '',
    marketStatus: filters.marketStatus ?? '',
    keywords: filters.keywords ?? '',
  };
}

const orUndefined = <T extends string>(value: string) => (value === '' ? undefined : (value as T));

/** The form's values as filters (the current sort kept). */
function filtersOf(values: SearchFormValues, sort: SearchFilters['sort']): SearchFilters {
  const keywords = tidySpaces(values.keywords);
  return {
    kind: orUndefined(values.kind),
    locations: values.locations,
    bedrooms: [...values.bedrooms].sort((a, b) => a - b),
    bathrooms: [...values.bathrooms].sort((a, b) => a - b),
    minPrice: parseAmount(values.minPrice),
    maxPrice: parseAmount(values.maxPrice),
    minArea: parseAmount(values.minArea),
    maxArea: parseAmount(values.maxArea),
    furnishing: orUndefined(values.furnishing),
    amenities: values.amenities,
    agreement: orUndefined(values.agreement),
    marketStatus: orUndefined(values.marketStatus),
    keywords: keywords || undefined,
    sort,
  };
}

export interface SearchFormProps {
  /** The listing type the form starts on (the page's, or buy on the home page). */
  type: PropertyTypeSlug;
  filters: SearchFilters;
  /** Where a submitted search goes: the listing page of the type, with the filters. */
  onSearch: (type: PropertyTypeSlug, filters: SearchFilters) => void;
  variant: 'hero' | 'bar';
}

/**
 * The property search (spec §2 "customer home with search"): buy/rent tabs, property type,
 * location, bedrooms (Studio to 11) and bathrooms, price range, more options (furnishing, area,
 * amenities, agreement, market status, keywords), commercial only, and the map view. The same
 * form sits in the home hero and atop every listing page, so a search reads the same way
 * everywhere. Amounts accept Arabic-Indic digits.
 */
export function SearchForm({ type, filters, onSearch, variant }: SearchFormProps) {
  const intl = useIntl();
  const language = useLanguage();
  const id = useId();
  const t = (messageId: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: messageId }, values);
  const [values, setValues] = useState(() => valuesOf(type, filters));
  const set = <Name extends keyof SearchFormValues>(name: Name, value: SearchFormValues[Name]) =>
    setValues((current) => ({ ...current, [name]: value }));
  // An amount's error shows once its box has been left (then it follows each keystroke), or
  // once the form has been submitted.
  const [touched, setTouched] = useState<Partial<Record<AmountField, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  const amountInputs = useRef<Partial<Record<AmountField, HTMLInputElement | null>>>({});
  const [focusOn, setFocusOn] = useState<AmountField | null>(null);
  const { purpose, commercial } = values;
  const [more, setMore] = useState(
    () =>
      !!(
        filters.furnishing ||
        filters.minArea ||
        filters.maxArea ||
        filters.amenities.length ||
        filters.agreement ||
        filters.marketStatus ||
        filters.keywords
      ),
  );
  const { tabListProps, tabProps, panelProps } = useTabs(PURPOSES, purpose, (value) => set('purpose', value));
  const masterData = useQuery({ ...masterDataQuery(language), enabled: more });

  // The first invalid box gets the focus on a failed submit (once "more options" is open, if
  // it is in there).
  useEffect(() => {
    if (!focusOn) return;
    amountInputs.current[focusOn]?.focus();
    setFocusOn(null);
  }, [focusOn, more]);

  const errors = searchFormErrors(values);
  const submit = () => {
    setSubmitted(true);
    const invalid = AMOUNT_FIELDS.find((name) => errors[name]);
    if (invalid) {
      if (invalid === 'minArea' || invalid === 'maxArea') setMore(true);
      setFocusOn(invalid);
      return;
    }
    onSearch(listingTypeOf(values.purpose, values.commercial), filtersOf(values, filters.sort));
  };
  const error = (name: AmountField) => {
    const message = submitted || touched[name] ? errors[name] : undefined;
    return message ? t(message) : undefined;
  };
  const mapHref = mapSearchHref(listingTypeOf(purpose, commercial), filtersOf(values, filters.sort));

  const amount = (name: 'minPrice' | 'maxPrice' | 'minArea' | 'maxArea', labelId: string) => {
    const problem = error(name);
    return (
      <label className="cu-search__field">
        <span className="cu-search__label">{t(labelId)}</span>
        <input
          className="mz-input"
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${name}-error` : undefined}
          data-testid={`search-${name}`}
          name={name}
          ref={(input) => {
            amountInputs.current[name] = input;
          }}
          value={values[name]}
          onChange={(event) => set(name, event.target.value)}
          onBlur={() => setTouched((current) => (current[name] ? current : { ...current, [name]: true }))}
        />
        {problem ? (
          <span className="mz-field__error" id={`${id}-${name}-error`} data-testid={`search-${name}-error`}>
            {problem}
          </span>
        ) : null}
      </label>
    );
  };

  const select = (
    name: 'kind' | 'furnishing' | 'agreement' | 'marketStatus',
    labelId: string,
    options: { value: string; label: string }[],
  ) => (
    <label className="cu-search__field">
      <span className="cu-search__label">{t(labelId)}</span>
      <span className="mz-select__control">
        <select
          data-testid={`search-${name}`}
          name={name}
          value={values[name]}
          onChange={(event) => set(name, event.target.value)}
        >
          <option value="">{t('customer.search.any')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="mz-select__chevron" />
      </span>
    </label>
  );

  /** A row of on/off chips for counts (bedrooms, bathrooms): any of the chosen counts. */
  const counts = (
    name: 'bedrooms' | 'bathrooms',
    labelId: string,
    choices: readonly number[],
    label: (count: number) => ReactNode,
  ) => (
    <fieldset className="cu-search__counts">
      <legend className="cu-search__label">{t(labelId)}</legend>
      <div className="cu-search__chips">
        {choices.map((count) => (
          <ToggleChip
            key={count}
            on={values[name].includes(count)}
            testId={`search-${name}-${count}`}
            onToggle={() => set(name, toggled(values[name], count))}
          >
            {label(count)}
          </ToggleChip>
        ))}
      </div>
    </fieldset>
  );

  return (
    <form
      className={`cu-search cu-search--${variant}`}
      role="search"
      aria-label={t('customer.home.search.label')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="search-form"
    >
      <div className="cu-search__top">
        <div className="cu-search__purpose" {...tabListProps} aria-label={t('customer.home.search.purpose')}>
          {PURPOSES.map((value) => (
            <button key={value} {...tabProps(value)} className="cu-search__purpose-option">
              {t(`customer.purpose.${value}`)}
            </button>
          ))}
        </div>
        <label className="cu-switch">
          <input
            type="checkbox"
            role="switch"
            data-testid="search-commercial"
            name="commercial"
            checked={commercial}
            onChange={(event) => set('commercial', event.target.checked)}
          />
          <span className="cu-switch__track" aria-hidden="true" />
          {t('customer.search.commercial')}
        </label>
      </div>

      <div className="cu-search__panel" {...panelProps}>
        <div className="cu-search__row">
          <LocationPicker value={values.locations} onChange={(locations) => set('locations', locations)} />
          {select(
            'kind',
            'customer.search.kind',
            PROPERTY_KINDS.map((kind) => ({ value: kind, label: t(`customer.kind.${kind}`) })),
          )}
          <Button type="submit" size="lg" data-testid="home-search-submit">
            <SearchIcon aria-hidden="true" />
            {t('customer.home.search.submit')}
          </Button>
        </div>

        <div className="cu-search__row cu-search__row--filters">
          {counts('bedrooms', 'customer.search.bedrooms', BEDROOM_CHOICES, (count) =>
            count === 0 ? t('customer.search.studio') : intl.formatNumber(count),
          )}
          {counts('bathrooms', 'customer.search.bathrooms', BATHROOM_CHOICES, (count) =>
            // "7+" reads left to right in Arabic too (not "+7").
            count === BATHROOMS_PLUS ? (
              <Ltr>{t('customer.search.atLeast', { count })}</Ltr>
            ) : (
              intl.formatNumber(count)
            ),
          )}
          {amount('minPrice', 'customer.search.minPrice')}
          {amount('maxPrice', 'customer.search.maxPrice')}
        </div>

        <div className="cu-search__actions">
          <button
            type="button"
            className="cu-search__more"
            aria-expanded={more}
            aria-controls={`${id}-more`}
            data-testid="search-more"
            onClick={() => setMore((open) => !open)}
          >
            {t(more ? 'customer.search.fewerOptions' : 'customer.search.moreOptions')}
            <ChevronDownIcon className="cu-search__more-icon" aria-hidden="true" />
          </button>
          <Link className="cu-search__map" to={mapHref} data-testid="search-map">
            {t('customer.search.mapView')}
          </Link>
        </div>

        <div id={`${id}-more`} className="cu-search__row cu-search__row--more" hidden={!more}>
          {select(
            'furnishing',
            'customer.search.furnishing',
            FURNISHINGS.map((value) => ({ value, label: t(`customer.furnishing.${value}`) })),
          )}
          {amount('minArea', 'customer.search.minArea')}
          {amount('maxArea', 'customer.search.maxArea')}
          {select(
            'agreement',
            'customer.search.agreement',
            AGREEMENT_TYPES.map((value) => ({ value, label: t(`customer.agreement.${value}`) })),
          )}
          {select(
            'marketStatus',
            'customer.search.marketStatus',
            MARKET_STATUSES.map((value) => ({ value, label: t(`customer.marketStatus.${value}`) })),
          )}
          <label className="cu-search__field cu-search__field--wide">
            <span className="cu-search__label">{t('customer.search.keywords')}</span>
            <input
              className="mz-input"
              maxLength={100}
              data-testid="search-keywords"
              placeholder={t('customer.search.keywordsHint')}
              name="keywords"
              value={values.keywords}
              onChange={(event) => set('keywords', event.target.value)}
            />
          </label>
          <fieldset className="cu-search__amenities">
            <legend className="cu-search__label">{t('customer.search.amenities')}</legend>
            <div className="cu-search__chips">
              {(masterData.data?.amenities ?? []).map((option) => (
                <ToggleChip
                  key={option.value}
                  on={values.amenities.includes(option.value)}
                  testId={`search-amenity-${option.value}`}
                  onToggle={() => set('amenities', toggled(values.amenities, option.value))}
                >
                  {option.label}
                </ToggleChip>
              ))}
            </div>
          </fieldset>
        </div>
      </div>
    </form>
  );
}
