import { lazy, Suspense, useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from '@manzil/ui/router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PROPERTY_TYPE_SLUGS, SITE_FACTS, type Site } from '@manzil/contracts';
import { Button, EmptyState, Skeleton, useDocumentHead, useLanguage } from '@manzil/ui';
import { mapModeFor, propertyTypeFromParam, roundView, type MapView } from './map-logic.js';
import { clustersQuery, mapListQuery, pinsQuery } from './map-queries.js';
import { MapResultsList } from './map-results-list.js';
import './map.css';
import { LoadError } from '../load-error.js';

// Leaflet and the outlines are the map page's alone: fetched with it, not with the App.
const MapCanvas = lazy(() => import('./map-canvas.js').then((m) => ({ default: m.MapCanvas })));

function siteView(site: Site): MapView {
  return roundView(SITE_FACTS[site].mapBounds, 6);
}

export interface MapSearchPageProps {
  site: Site;
}

/**
 * /map-search: the map of the site (spec §9 bounds and centre) with the listings of what it
 * shows: server clusters when zoomed out, one pin per listing when zoomed in, and beside it
 * the list of the same viewport. The list is at the inline start (it mirrors in Arabic); the
 * map does not mirror.
 */
export function MapSearchPage({ site }: MapSearchPageProps) {
  const intl = useIntl();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const propertyType = propertyTypeFromParam(params.get('type'));
  const [view, setView] = useState<MapView | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const onViewChange = useCallback((next: MapView) => setView(roundView(next.bounds, next.zoom)), []);

  // Until the map reports what it shows, nothing is asked (the site's box stands in for the keys).
  const shown = view ?? siteView(site);
  const mode = view ? mapModeFor(view.zoom) : null;
  const clusters = useQuery({
    ...clustersQuery(shown, propertyType, language),
    enabled: mode === 'clusters',
  });
  const pins = useQuery({ ...pinsQuery(shown, propertyType, language), enabled: mode === 'pins' });
  const list = useInfiniteQuery({ ...mapListQuery(shown, propertyType, language), enabled: view !== null });
  const hits = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  const title = intl.formatMessage({ id: 'customer.map.title' });
  useDocumentHead({
    language,
    title,
    description: intl.formatMessage(
      { id: 'customer.map.description' },
      { country: intl.formatMessage({ id: `customer.country.${site}` }) },
    ),
    path: '/map-search',
  });

  return (
    <div className="cu-map">
      <header className="cu-map__bar">
        <h1 className="cu-map__title">{title}</h1>
        <div
          className="cu-map__types"
          role="group"
          aria-label={intl.formatMessage({ id: 'customer.listing.types' })}
        >
          {PROPERTY_TYPE_SLUGS.map((type) => (
            <button
              key={type}
              type="button"
              className="cu-tab"
              aria-pressed={type === propertyType}
              onClick={() =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.set('type', type);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {intl.formatMessage({ id: `customer.type.${type}` })}
            </button>
          ))}
        </div>
      </header>

      <div className="cu-map__body">
        <section className="cu-map__list" aria-labelledby="map-list-heading">
          <h2 id="map-list-heading" className="cu-map__count" data-testid="map-count" aria-live="polite">
            {list.data
              ? intl.formatMessage({ id: 'customer.map.count' }, { count: total })
              : intl.formatMessage({ id: 'customer.map.loading' })}
          </h2>
          {!list.data && !list.isError ? (
            <div className="cu-map__skeleton" aria-busy="true">
              <Skeleton inlineSize="100%" blockSize="5.5rem" radius="md" />
              <Skeleton inlineSize="100%" blockSize="5.5rem" radius="md" />
              <Skeleton inlineSize="100%" blockSize="5.5rem" radius="md" />
            </div>
          ) : null}
          {list.isError && !list.data ? <LoadError testId="map-error" onRetry={list.refetch} /> : null}
          {list.data && hits.length === 0 ? (
            <EmptyState
              testId="map-empty"
              title={intl.formatMessage({ id: 'customer.map.empty.title' })}
              description={intl.formatMessage({ id: 'customer.map.empty.description' })}
            />
          ) : null}
          {hits.length > 0 ? (
            <MapResultsList hits={hits} activeId={activeId} onActivate={setActiveId} />
          ) : null}
          {list.hasNextPage ? (
            <Button
              variant="secondary"
              className="cu-map__more"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {intl.formatMessage({ id: 'customer.map.more' })}
            </Button>
          ) : null}
        </section>

        <Suspense fallback={<div className="cu-map__canvas cu-map__canvas--loading" aria-busy="true" />}>
          <MapCanvas
            site={site}
            clusters={mode === 'clusters' ? (clusters.data?.clusters ?? null) : null}
            pins={mode === 'pins' ? (pins.data?.items ?? null) : null}
            activeId={activeId}
            onActivate={setActiveId}
            onViewChange={onViewChange}
          />
        </Suspense>
      </div>
    </div>
  );
}
