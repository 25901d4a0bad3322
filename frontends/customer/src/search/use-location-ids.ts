import { useQueries } from '@tanstack/react-query';
import { normalizeSearchText, type Language } from '@manzil/contracts';
import { locationSuggestionsQuery } from './search-queries.js';
import type { SelectedLocation } from './search-filters.js';

/** The hierarchy's ids are dotted paths (`ae.dubai.dubai-marina`); a link may carry only the last part (`dubai-marina`). */
const isFullId = (id: string) => id.includes('.');

/**
 * The search service's ids of the places of `locationSelected`. The location box writes full
 * ids; the footer's quick searches (spec §2) write a place's own slug and name (`dubai-marina`,
 * "Dubai Marina"), which is looked up by name and level in the autocomplete and matched by
 * its last id segment (else by name). `ready` is false while a lookup runs; a place not found
 * keeps its id as given, so the list shows 'No Record Found' rather than ignoring the filter.
 */
export function useLocationIds(
  locations: readonly SelectedLocation[],
  language: Language,
): { ids: string[]; ready: boolean } {
  const lookups = useQueries({
    queries: locations.map((place) => ({
      ...locationSuggestionsQuery(place.name, language, [place.type]),
      enabled: !isFullId(place.id),
    })),
  });
  const ids = locations.map((place, index) => {
    if (isFullId(place.id)) return place.id;
    const found = lookups[index]?.data ?? [];
    const name = normalizeSearchText(place.name);
    const match =
      found.find((suggestion) => suggestion.id.endsWith(`.${place.id}`)) ??
      found.find(
        (suggestion) =>
          normalizeSearchText(suggestion.name.en) === name ||
          normalizeSearchText(suggestion.name.ar) === name,
      );
    return match?.id ?? place.id;
  });
  const ready = locations.every((place, index) => isFullId(place.id) || !lookups[index]?.isPending);
  return { ids, ready };
}
