import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  LISTINGS_API,
  SERVICES,
  locationSchema,
  ownedPropertySchema,
  pageSchema,
  type Language,
  type OwnedProperty,
} from '@manzil/contracts';
import { apiFetch, apiQueryFn, type ApiFetchOptions } from '@manzil/ui';

/** The listings service behind the gateway: `/api/listings` + a `LISTINGS_API` path. */
export function listingsPath(path: string): string {
  return `/api/${SERVICES.listings.prefix}${path}`;
}

export function listingsFetch<T>(path: string, options: ApiFetchOptions<T>) {
  return apiFetch<T>(listingsPath(path), options);
}

export const PROPERTIES_PER_PAGE = 10;
export const ownedPageSchema = pageSchema(ownedPropertySchema);
const locationsPageSchema = pageSchema(locationSchema);

/** The owner's listings and the places of the location pickers; every key holds the language. */
export const listingKeys = {
  all: ['listings'] as const,
  mine: () => ['listings', 'mine'] as const,
  page: (language: Language, page: number) => ['listings', 'mine', { language, page }] as const,
  one: (language: Language, id: string) => ['listings', 'one', { language, id }] as const,
  places: (language: Language, parentId: string | null) =>
    ['listings', 'places', { language, parentId }] as const,
};

/** GET /v1/owner/properties?page&limit: the caller's listings (a company: its agents'). */
export const ownedPropertiesQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: listingKeys.page(language, page),
    queryFn: apiQueryFn(listingsPath(LISTINGS_API.owner), {
      language,
      query: { page, limit: PROPERTIES_PER_PAGE },
      results: ownedPageSchema,
    }),
  });

/** GET /v1/owner/properties/:id: the draft the wizard resumes. */
export const ownedPropertyQuery = (language: Language, id: string) =>
  queryOptions({
    queryKey: listingKeys.one(language, id),
    queryFn: apiQueryFn(listingsPath(`${LISTINGS_API.owner}/${id}`), {
      language,
      results: ownedPropertySchema,
    }),
    staleTime: 0,
  });

/** GET /v1/locations?parentId=: the cities, or the children of a place (master data, fresh 1 h). */
export const placesQuery = (language: Language, parentId: string | null) =>
  queryOptions({
    queryKey: listingKeys.places(language, parentId),
    queryFn: apiQueryFn(listingsPath(LISTINGS_API.locations), {
      language,
      query: parentId ? { parentId, limit: 100 } : { limit: 100 },
      results: locationsPageSchema,
    }),
    staleTime: 60 * 60 * 1000,
  });

/** DELETE /v1/properties/:id: discards a listing that was never public, with its stored media. */
export async function discardProperty(id: string, language: Language): Promise<void> {
  await listingsFetch(propertyPaths.one(id), {
    language,
    method: 'DELETE',
    results: z.object({ removed: z.literal(true) }),
  });
}

/** A write on one listing whose answer is the listing as the owner reads it. */
export async function propertyWrite(
  path: string,
  language: Language,
  init: { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown },
): Promise<OwnedProperty> {
  const envelope = await listingsFetch(path, { language, ...init, results: ownedPropertySchema });
  return envelope.results;
}

export const propertyPaths = {
  create: LISTINGS_API.properties,
  one: (id: string) => `${LISTINGS_API.properties}/${id}`,
  photos: (id: string) => `${LISTINGS_API.properties}/${id}/photos`,
  photo: (id: string, photoId: string) => `${LISTINGS_API.properties}/${id}/photos/${photoId}`,
  videos: (id: string) => `${LISTINGS_API.properties}/${id}/videos`,
  photoOrder: (id: string) => `${LISTINGS_API.properties}/${id}/photos/order`,
  documentFile: (id: string) => `${LISTINGS_API.properties}/${id}/documents/file`,
  document: (id: string, documentId: string) => `${LISTINGS_API.properties}/${id}/documents/${documentId}`,
  submit: (id: string) => `${LISTINGS_API.properties}/${id}/submit`,
  adLicence: (id: string) => `${LISTINGS_API.properties}/${id}/ad-licence`,
  sold: (id: string) => `${LISTINGS_API.properties}/${id}/sold`,
  state: (id: string) => `${LISTINGS_API.properties}/${id}/state`,
};
