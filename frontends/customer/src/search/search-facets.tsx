import { useIntl } from 'react-intl';
import type { SearchFacets as Facets } from '@manzil/contracts';
import type { SearchFilters } from './search-filters.js';
import { ToggleChip, toggled } from './toggle-chip.js';

export interface SearchFacetsProps {
  facets: Facets;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}

/**
 * The facet counts of a search as one-tap refinements: the kinds of property and the
 * bedrooms, each with how many listings it gives (counted by the search service with the
 * other filters applied but not its own, so a chosen value still shows its neighbours).
 */
export function SearchFacets({ facets, filters, onChange }: SearchFacetsProps) {
  const intl = useIntl();
  const label = (text: string, count: number) =>
    intl.formatMessage({ id: 'customer.facets.count' }, { label: text, count: intl.formatNumber(count) });
  if (facets.kind.length === 0 && facets.bedrooms.length === 0) return null;
  return (
    <div className="cu-facets-wrap" data-testid="facets">
      {facets.kind.length > 0 ? (
        <div
          className="cu-facets"
          role="group"
          aria-label={intl.formatMessage({ id: 'customer.facets.kind' })}
        >
          {facets.kind.map((bucket) => {
            const on = filters.kind === bucket.value;
            return (
              <ToggleChip
                key={bucket.value}
                on={on}
                testId={`facet-kind-${bucket.value}`}
                onToggle={() => onChange({ ...filters, kind: on ? undefined : bucket.value })}
              >
                {label(intl.formatMessage({ id: `customer.kind.${bucket.value}` }), bucket.count)}
              </ToggleChip>
            );
          })}
        </div>
      ) : null}
      {facets.bedrooms.length > 0 ? (
        <div
          className="cu-facets"
          role="group"
          aria-label={intl.formatMessage({ id: 'customer.facets.bedrooms' })}
        >
          {facets.bedrooms.map((bucket) => {
            const name =
              bucket.value === 0
                ? intl.formatMessage({ id: 'customer.search.studio' })
                : intl.formatMessage({ id: 'ui.card.bedrooms' }, { count: bucket.value });
            return (
              <ToggleChip
                key={bucket.value}
                on={filters.bedrooms.includes(bucket.value)}
                testId={`facet-bedrooms-${bucket.value}`}
                onToggle={() => onChange({ ...filters, bedrooms: toggled(filters.bedrooms, bucket.value) })}
              >
                {label(name, bucket.count)}
              </ToggleChip>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
