import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type Language,
  type Location as LocationDto,
  type LocationLookupQuery,
  type LocationRef,
  type Page,
  type PropertyFields,
  type Site,
} from '@manzil/contracts';
import { Location } from './location.entity.js';
import { locationRows } from './location-data.js';

export const toLocationDto = (row: Location): LocationDto => ({
  id: row.id,
  site: row.site,
  level: row.level,
  parentId: row.parentId,
  name: { en: row.nameEn, ar: row.nameAr },
  latitude: row.latitude,
  longitude: row.longitude,
});

const toRef = (row: Location): LocationRef => ({ id: row.id, name: { en: row.nameEn, ar: row.nameAr } });

/** The chain of a listing's location, each level resolved (null where not given). */
export interface ResolvedLocation {
  city: LocationRef | null;
  community: LocationRef | null;
  subCommunity: LocationRef | null;
  building: LocationRef | null;
}

const CHAIN = [
  ['cityId', 'city'],
  ['communityId', 'community'],
  ['subCommunityId', 'subCommunity'],
  ['buildingId', 'building'],
] as const;

@Injectable()
export class LocationsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The children of a place of the site (the cities without a parent), by name in the language. */
  async lookup(site: Site, language: Language, query: LocationLookupQuery): Promise<Page<LocationDto>> {
    const builder = this.dataSource.manager
      .createQueryBuilder(Location, 'location')
      .where('location.site = :site', { site })
      .orderBy(language === 'ar' ? 'location.name_ar' : 'location.name_en', 'ASC')
      .addOrderBy('location.id', 'ASC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    if (query.parentId) builder.andWhere('location.parent_id = :parentId', { parentId: query.parentId });
    else if (!query.q) builder.andWhere('location.parent_id IS NULL');
    if (query.q)
      builder.andWhere('(location.name_en ILIKE :q OR location.name_ar ILIKE :q)', {
        q: `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    const [rows, total] = await builder.getManyAndCount();
    return { items: rows.map(toLocationDto), page: query.page, limit: query.limit, total };
  }

  /**
   * The draft's location ids as one chain of the site: each id must exist on the site, at its
   * level, under the level above. Returns the problems by field (empty when the chain holds).
   */
  async check(
    manager: EntityManager,
    site: Site,
    fields: Pick<PropertyFields, 'cityId' | 'communityId' | 'subCommunityId' | 'buildingId'>,
  ): Promise<{ resolved: ResolvedLocation; problems: string[] }> {
    const ids = CHAIN.map(([field]) => fields[field]).filter((id): id is string => !!id);
    const rows = ids.length
      ? await manager.findBy(
          Location,
          ids.map((id) => ({ id, site })),
        )
      : [];
    return resolveChain(new Map(rows.map((row) => [row.id, row])), fields);
  }
}

/** `check` over places already read (the site's own): the seed resolves hundreds of drafts with one read. */
export function resolveChain(
  byId: ReadonlyMap<string, Location>,
  fields: Pick<PropertyFields, 'cityId' | 'communityId' | 'subCommunityId' | 'buildingId'>,
): { resolved: ResolvedLocation; problems: string[] } {
  const resolved: ResolvedLocation = { city: null, community: null, subCommunity: null, building: null };
  const problems: string[] = [];
  let parent: string | null = null;
  let gap = false;
  for (const [field, level] of CHAIN) {
    const id = fields[field];
    if (!id) {
      gap = true;
      continue;
    }
    const row = byId.get(id);
    // A level below a missing one, or a place not under the one above, breaks the chain.
    if (!row || row.level !== level || gap || row.parentId !== parent) problems.push(field);
    else resolved[level] = toRef(row);
    parent = id;
  }
  return { resolved, problems };
}

/** Inserts (or renames) the master data; idempotent. */
export async function seedLocations(dataSource: DataSource): Promise<void> {
  const rows = locationRows();
  for (let i = 0; i < rows.length; i += 200) {
    await dataSource
      .createQueryBuilder()
      .insert()
      .into(Location)
      .values(rows.slice(i, i + 200))
      .orUpdate(['name_en', 'name_ar', 'latitude', 'longitude'], ['id'])
      .execute();
  }
}
