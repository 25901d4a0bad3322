import type { PropertySummary, PublishedProperty, Site } from '@manzil/contracts';
import type { DataSource } from 'typeorm';
import { toIndexedListing } from '../src/engines/indexed-listing.js';
import type { PostgresSearchEngine } from '../src/engines/postgres-search-engine.js';

/** Deterministic draws, so a failure replays (the seed goes in the test's name). */
export function draws(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const int = (n: number) => Math.floor(random() * n);
  const one = <T>(items: readonly T[]): T => items[int(items.length)];
  const some = <T>(items: readonly T[]): T[] => items.filter(() => random() < 0.4).slice(0, 3);
  return { random, int, one, some };
}

export type Draws = ReturnType<typeof draws>;

/** A place of the hierarchy named in both languages. */
export const place = (id: string, en: string) => ({ id, name: { en, ar: `${en} ar` } });

/** Listing ids `0 … count-1` as UUIDs. */
export const listingIds = (count: number) =>
  Array.from({ length: count }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`);

/**
 * Applies `steps` random events to `engine` one transaction each, as the read model's handler
 * does: approvals and edits (`payload` draws a new version of the listing), removals (share
 * `removals`), a replay of the previous event (share 0.1) and events older than the stored one
 * (share `late`, one to five minutes before the clock).
 */
export async function applyRandomEvents(
  dataSource: DataSource,
  engine: PostgresSearchEngine,
  options: {
    d: Draws;
    ids: string[];
    siteOf: (n: number) => Site;
    payload: (id: string, site: Site) => PublishedProperty | PropertySummary;
    steps: number;
    late: number;
    removals: number;
  },
): Promise<void> {
  const { d, ids, siteOf } = options;
  let clock = Date.UTC(2026, 10, 1);
  let last: (() => Promise<void>) | null = null;
  for (let step = 0; step < options.steps; step++) {
    const n = d.int(ids.length);
    const late = d.random() < options.late;
    clock += 1_000;
    const at = new Date(late ? clock - 60_000 * (1 + d.int(5)) : clock);
    const roll = d.random();
    let apply: () => Promise<void>;
    if (last && roll < 0.1) apply = last;
    else if (roll < 0.1 + options.removals)
      apply = () => dataSource.transaction((tx) => engine.remove(siteOf(n), ids[n], at, tx));
    else {
      const listed = toIndexedListing(options.payload(ids[n], siteOf(n)));
      apply = () => dataSource.transaction((tx) => engine.upsert(listed, at, tx));
    }
    await apply();
    last = apply;
  }
}
