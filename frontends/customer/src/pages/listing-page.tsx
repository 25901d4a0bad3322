import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import {
  PROPERTY_TYPE_SLUGS,
  listingPagePath,
  pageSchema,
  propertySummarySchema,
  type Page,
  type PropertySummary,
  type PropertyTypeSlug,
  type Site,
} from '@manzil/contracts';
import {
  AlertIcon,
  Button,
  EmptyState,
  Ltr,
  PropertyCard,
  PropertyGridSkeleton,
  useDocumentHead,
  apiFetch,
  buttonClassName,
  formatNumber,
  useLanguage,
} from '@manzil/ui';

export const PAGE_SIZE = 20;
const resultsSchema = pageSchema(propertySummarySchema);

type Status = 'loading' | 'ready' | 'loading-more' | 'error';

interface ListingState {
  items: PropertySummary[];
  page: number;
  total: number;
  status: Status;
}

const INITIAL: ListingState = { items: [], page: 0, total: 0, status: 'loading' };

/** GET /api/search/v1/properties?propertyType=…&page=…&limit=20 */
function fetchPage(
  propertyType: PropertyTypeSlug,
  page: number,
  language: 'en' | 'ar',
  signal?: AbortSignal,
): Promise<Page<PropertySummary>> {
  return apiFetch('/api/search/v1/properties', {
    language,
    query: { propertyType, page, limit: PAGE_SIZE },
    results: resultsSchema,
    signal,
  }).then((envelope) => envelope.results);
}

export interface ListingPageProps {
  propertyType: PropertyTypeSlug;
  site: Site;
}

/** A list of published properties of one type: sticky type tabs, count, grid, load more. */
export function ListingPage({ propertyType, site }: ListingPageProps) {
  const intl = useIntl();
  const language = useLanguage();
  const [state, setState] = useState<ListingState>(INITIAL);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState(INITIAL);
    fetchPage(propertyType, 1, language, controller.signal)
      .then((result) =>
        setState({ items: result.items, page: result.page, total: result.total, status: 'ready' }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error('listing page: search failed', error);
          setState({ ...INITIAL, status: 'error' });
        }
      });
    return () => controller.abort();
  }, [propertyType, language, attempt]);

  const loadMore = useCallback(() => {
    setState((current) => ({ ...current, status: 'loading-more' }));
    fetchPage(propertyType, state.page + 1, language)
      .then((result) =>
        setState((current) => ({
          items: [...current.items, ...result.items],
          page: result.page,
          total: result.total,
          status: 'ready',
        })),
      )
      .catch((error: unknown) => {
        console.error('listing page: load more failed', error);
        setState((current) => ({ ...current, status: 'ready' }));
      });
  }, [propertyType, language, state.page]);

  const country = intl.formatMessage({ id: `customer.country.${site}` });
  const heading = intl.formatMessage({ id: `customer.listing.heading.${propertyType}` }, { country });
  const otherType = propertyType === 'buy' ? 'rent' : 'buy';
  useDocumentHead({
    language,
    title: heading,
    description: intl.formatMessage({ id: 'customer.listing.description' }, { country }),
    path: listingPagePath(propertyType, language),
    alternates: { en: listingPagePath(propertyType, 'en'), ar: listingPagePath(propertyType, 'ar') },
  });

  return (
    <div className="cu-listing">
      <nav className="cu-listing__tabs" aria-label={intl.formatMessage({ id: 'customer.listing.types' })}>
        <div className="mz-container cu-listing__tabs-inner">
          {PROPERTY_TYPE_SLUGS.map((type) => (
            <NavLink key={type} to={listingPagePath(type, language)} className="cu-tab" end>
              {intl.formatMessage({ id: `customer.type.${type}` })}
            </NavLink>
          ))}
        </div>
      </nav>

      <div className="mz-container">
        <header className="cu-listing__header">
          <h1 className="cu-listing__heading" data-testid="listing-heading">
            {heading}
          </h1>
          {state.status === 'ready' || state.status === 'loading-more' ? (
            <p className="cu-listing__count" data-testid="result-count">
              <Ltr>{formatNumber(state.total, language)}</Ltr>{' '}
              {intl.formatMessage({ id: 'customer.listing.count' }, { count: state.total })}
            </p>
          ) : null}
        </header>

        {state.status === 'loading' ? <PropertyGridSkeleton count={8} /> : null}

        {state.status === 'error' ? (
          <EmptyState
            testId="listing-error"
            icon={<AlertIcon />}
            title={intl.formatMessage({ id: 'customer.listing.error.title' })}
            description={intl.formatMessage({ id: 'customer.listing.error.description' })}
            action={
              <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
                {intl.formatMessage({ id: 'customer.listing.error.retry' })}
              </Button>
            }
          />
        ) : null}

        {state.status === 'ready' && state.items.length === 0 ? (
          <EmptyState
            testId="listing-empty"
            title={intl.formatMessage({ id: 'customer.listing.empty.title' })}
            description={intl.formatMessage({ id: 'customer.listing.empty.description' })}
            action={
              <>
                <Link className={buttonClassName('primary')} to={listingPagePath(otherType, language)}>
                  {intl.formatMessage({ id: `customer.type.${otherType}` })}
                </Link>
                <Link className={buttonClassName('secondary')} to="/">
                  {intl.formatMessage({ id: 'customer.listing.empty.home' })}
                </Link>
              </>
            }
          />
        ) : null}

        {state.items.length > 0 ? (
          <div className="mz-property-grid" data-testid="property-grid">
            {state.items.map((property, index) => (
              <PropertyCard
                key={property.id}
                property={property}
                to={`/property/${property.slug}`}
                eager={index < 4}
              />
            ))}
          </div>
        ) : null}

        {state.items.length > 0 && state.items.length < state.total ? (
          <div className="cu-listing__more">
            <p className="cu-listing__showing">
              {intl.formatMessage(
                { id: 'customer.listing.showing' },
                {
                  shown: <Ltr key="shown">{formatNumber(state.items.length, language)}</Ltr>,
                  total: <Ltr key="total">{formatNumber(state.total, language)}</Ltr>,
                },
              )}
            </p>
            <Button
              variant="secondary"
              size="lg"
              onClick={loadMore}
              disabled={state.status === 'loading-more'}
              data-testid="load-more"
            >
              {intl.formatMessage({
                id:
                  state.status === 'loading-more'
                    ? 'customer.listing.loadingMore'
                    : 'customer.listing.loadMore',
              })}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
