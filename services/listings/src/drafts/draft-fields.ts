import type { EntityManager } from 'typeorm';
import {
  fieldMessage,
  PHOTO_LIMITS,
  propertySubmitIssues,
  type PropertyFields,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext } from '@manzil/nest-kit';
import type { LocationsService } from '../locations/locations.service.js';

const NESTED = new Set(['title', 'subTitle', 'description', 'nearestFacilities', 'regulator']);

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Drops the keys zod left as undefined (jsonb keeps no undefined, and `{}` is "nothing typed"). */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (!isPlain(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, compact(v)]),
  ) as T;
}

/**
 * The draft after a patch: a field sent replaces the stored one; a field sent blank (parsed
 * as undefined) clears it; the texts in two languages and the regulator fields merge one
 * level down, so a step that sends `title.ar` keeps `title.en`.
 */
export function mergeDraft(draft: PropertyFields, patch: PropertyFields, sent: object): PropertyFields {
  const merged: Record<string, unknown> = { ...draft };
  for (const key of Object.keys(sent)) {
    const value = (patch as Record<string, unknown>)[key];
    if (value === undefined) delete merged[key];
    else if (NESTED.has(key) && isPlain(value) && isPlain(merged[key]))
      merged[key] = compact({ ...(merged[key] as object), ...value });
    else merged[key] = value;
  }
  return compact(merged) as PropertyFields;
}

const language = () => currentContext()?.language ?? 'en';

/** 422 naming each location field that is not one chain of the site's master data. */
export async function assertLocations(
  manager: EntityManager,
  locations: LocationsService,
  site: Site,
  fields: PropertyFields,
): Promise<void> {
  const { problems } = await locations.check(manager, site, fields);
  if (problems.length)
    throw new AppException(
      'VALIDATION_FAILED',
      422,
      problems.map((field) => ({ field, message: fieldMessage('location.unknown', language()) })),
    );
}

/** 422 naming what a property still lacks before it can wait for approval. */
export function assertSubmittable(
  site: Site,
  draft: PropertyFields,
  { documents: documentCount, photos: photoCount }: { documents: number; photos: number },
): void {
  const issues = propertySubmitIssues(site, draft);
  if (photoCount < PHOTO_LIMITS.minPerListing) issues.push({ field: 'photos', message: 'photo.min' });
  if (documentCount < 1) issues.push({ field: 'documents', message: 'document.required' });
  if (issues.length)
    throw new AppException(
      'VALIDATION_FAILED',
      422,
      issues.map((issue) => ({ field: issue.field, message: fieldMessage(issue.message, language()) })),
    );
}

/** A readable, unique slug: the English title and the start of the id. */
export function slugFor(title: string, id: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${words || 'property'}-${id.slice(0, 8)}`;
}
