import { memo, useDeferredValue, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink, useNavigate, useSearchParams } from '@manzil/ui/router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PROPERTY_TYPE_SLUGS, listingPagePath, type PropertyTypeSlug, type Site } from '@manzil/contracts';
import {
  AlertIcon,
  Button,
  EmptyState,
  Ltr,
  PropertyCard,
  PropertyGridSkeleton,
  Select,
  type PropertyCardProps,
  useDocumentHead,
  buttonClassName,
  formatNumber,
  useLanguage,
} from '@manzil/ui';
import { SearchForm } from '../search/search-form.js';
import {
  EMPTY_FILTERS,
  SORTS,
  activeFilterCount,
  filtersFromParams,
  filtersToParams,
  searchHref,
  type Sort,
} from '../search/search-filters.js';
import { SearchFacets } from '../search/search-facets.js';
import { apiSearchQuery, propertiesQuery } from '../search/search-queries.js';
import { SaveSearchButton } from '../saved-searches/save-search-button.js';
import { useLocationIds } from '../search/use-location-ids.js';
import { WishlistButton } from '../wishlist/wishlist-button.js';

export { PAGE_SIZE } from '../search/search-queries.js';

export interface ListingPageProps {
  propertyType: PropertyTypeSlug;
  site: Site;
}

/**
 * The result cards. Rendered again only when the results change, not with each render of the
 * page around them (a fetch flag, the facets, the saved-search button): twenty cards are most
 * of the page's elements, and each extra render of them was a long task of the first load
 * (issue 10, `scripts/bench/react-commits.ts`).
 */
const ListingGrid = memo(function ListingGrid({
  items,
}: {
  items: readonly PropertyCardProps['property'][];
}) {
  return (
    <div className="mz-property-grid" data-testid="property-grid">
      {items.map((property, index) => (
        <PropertyCard
          key={property.id}
          property={property}
          to={`/property/${property.slug}`}
          eager={index < 4}
          action={<WishlistButton id={property.id} />}
        />
      ))}
    </div>
  );
});

/**
 * A list of published properties of one type: sticky search bar and type tabs, count, sort,
 * grid, load more. The filters live in the address (`search-filters.ts`), so the list is a
 * link to share; the footer's `propertyType`, `type` and `locationSelected` are read as they
 * are and kept. Each list (type and filters) is its own cached infinite query: changing either
 * cancels the other's request (its AbortSignal reaches fetch) and can never append to this one.
 */
export function ListingPage({ propertyType, site }: ListingPageProps) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const filtered = activeFilterCount(filters) > 0;
  const locations = useLocationIds(filters.locations, language);
  const listings = useInfiniteQuery({
    ...propertiesQuery(propertyType, filters, locations.ids, language),
    enabled: locations.ready,
  });
  const facets = listings.data?.pages[0]?.facets ?? null;
  // What the list asks the search service is what a saved search matches (the schema drops the order).
  const savedFilters = apiSearchQuery(propertyType, filters, locations.ids);
  const setSort = (sort: Sort) => setParams(filtersToParams({ ...filters, sort }, params));
  const pages = listings.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  // The cards follow the results a render later, in a transition: the results' arrival (a
  // query update, which React renders at once) paints the count and the facets, and React
  // renders the cards in slices between the browser's work instead of in one long task.
  const shownItems = useDeferredValue(items);
  const cardsPending = items.length > 0 && shownItems.length === 0;
  const total = listings.data?.pages.at(-1)?.total ?? 0;
  // A failed first page has nothing to show (until Try again); a failed next page keeps
  // what was shown and says so beside the button.
  const failed = !listings.data && listings.isError && !listings.isFetching;
  const moreFailed = listings.isFetchNextPageError;

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
      <div className="cu-listing__search">
        <div className="mz-container">
          <SearchForm
            key={`${propertyType}?${params.toString()}`}
            variant="bar"
            type={propertyType}
            filters={filters}
            onSearch={(type, next) => navigate(searchHref(type, next, language))}
          />
        </div>
      </div>
      <nav className="cu-listing__tabs" aria-label={intl.formatMessage({ id: 'customer.listing.types' })}>
        <div className="mz-container cu-listing__tabs-inner">
          {PROPERTY_TYPE_SLUGS.map((type) => (
            <NavLink key={type} to={searchHref(type, filters, language)} className="cu-tab" end>
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
          <div className="cu-listing__meta">
            {listings.data ? (
              <p className="cu-listing__count" data-testid="result-count">
                {intl.formatMessage({ id: 'customer.listing.count' }, { count: total })}
              </p>
            ) : null}
            <Select
              label={intl.formatMessage({ id: 'customer.sort.label' })}
              showLabel
              value={filters.sort}
              options={SORTS.map((sort) => ({
                value: sort,
                label: intl.formatMessage({ id: `customer.sort.${sort}` }),
              }))}
              onChange={setSort}
              testId="listing-sort"
            />
            {locations.ready ? <SaveSearchButton defaultName={heading} filters={savedFilters} /> : null}
          </div>
        </header>

        {facets ? (
          <SearchFacets
            facets={facets}
            filters={filters}
            onChange={(next) => setParams(filtersToParams(next, params))}
          />
        ) : null}

        {(!listings.data && !failed) || cardsPending ? <PropertyGridSkeleton count={8} /> : null}

        {failed ? (
          <EmptyState
            testId="listing-error"
            icon={<AlertIcon />}
            title={intl.formatMessage({ id: 'customer.listing.error.title' })}
            description={intl.formatMessage({ id: 'customer.listing.error.description' })}
            action={
              <Button variant="primary" onClick={() => void listings.refetch()}>
                {intl.formatMessage({ id: 'customer.listing.error.retry' })}
              </Button>
            }
          />
        ) : null}

        {listings.data && items.length === 0 && filtered ? (
          <EmptyState
            testId="listing-no-record"
            title={intl.formatMessage({ id: 'customer.listing.noRecord.title' })}
            description={intl.formatMessage({ id: 'customer.listing.noRecord.description' })}
            action={
              <Link
                className={buttonClassName('primary')}
                to={searchHref(propertyType, { ...EMPTY_FILTERS, sort: filters.sort }, language)}
                data-testid="clear-filters"
              >
                {intl.formatMessage({ id: 'customer.listing.noRecord.clear' })}
              </Link>
            }
          />
        ) : null}

        {listings.data && items.length === 0 && !filtered ? (
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

        {items.length > 0 && shownItems.length > 0 ? <ListingGrid items={shownItems} /> : null}

        {items.length > 0 && listings.hasNextPage ? (
          <div className="cu-listing__more">
            <p className="cu-listing__showing">
              {intl.formatMessage(
                { id: 'customer.listing.showing' },
                {
                  shown: <Ltr key="shown">{formatNumber(items.length, language)}</Ltr>,
                  total: <Ltr key="total">{formatNumber(total, language)}</Ltr>,
                },
              )}
            </p>
            {moreFailed && !listings.isFetchingNextPage ? (
              <p className="cu-listing__more-error" role="alert" data-testid="load-more-error">
                {intl.formatMessage({ id: 'customer.listing.moreFailed' })}
              </p>
            ) : null}
            <Button
              variant="secondary"
              size="lg"
              onClick={() => void listings.fetchNextPage()}
              disabled={listings.isFetchingNextPage}
              aria-busy={listings.isFetchingNextPage || undefined}
              data-testid="load-more"
            >
              {intl.formatMessage({
                id: listings.isFetchingNextPage
                  ? 'customer.listing.loadingMore'
                  : moreFailed
                    ? 'customer.listing.error.retry'
                    : 'customer.listing.loadMore',
              })}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
