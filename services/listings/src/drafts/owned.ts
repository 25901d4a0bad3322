import type { EntityManager } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import {
  badgeOf,
  completenessOf,
  ownedPropertySchema,
  TOPICS,
  type OwnedProperty,
  type PropertyDocument,
  type PropertyPhoto,
  type RemovedPropertyDocument,
  type Site,
} from '@manzil/contracts';
import { currentContext } from '@manzil/nest-kit/base';
import type { z } from 'zod';
import { photoUrl } from '../photos/photo-processing.js';
import type { Property } from '../properties/property.entity.js';

interface DocumentRow {
  id: string;
  property_id: string;
  title: string;
  file_name: string;
  content_type: PropertyDocument['contentType'];
  size_bytes: number;
  storage_key: string | null;
  created_at: Date;
}

/** Where the owner (or an admin of the site) reads a document's file through the gateway. */
export const documentFileUrl = (propertyId: string, documentId: string) =>
  `/api/listings/v1/owner/properties/${propertyId}/documents/${documentId}/file`;

/** The documents of some properties, by property id, oldest first (not those the owner removed). */
export async function documentsOf(
  manager: EntityManager,
  ids: string[],
): Promise<Map<string, PropertyDocument[]>> {
  const byProperty = new Map<string, PropertyDocument[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProperty;
  const rows = (await manager.query(
    `SELECT * FROM "property_documents" WHERE "property_id" = ANY($1) AND "removed_at" IS NULL ORDER BY "created_at", "id"`,
    [ids],
  )) as DocumentRow[];
  for (const row of rows) byProperty.get(row.property_id)?.push(toDocument(row));
  return byProperty;
}

const toDocument = (row: DocumentRow): PropertyDocument => ({
  id: row.id,
  title: row.title,
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  createdAt: new Date(row.created_at).toISOString(),
  fileUrl: row.storage_key ? documentFileUrl(row.property_id, row.id) : null,
});

/**
 * The documents the owner removed while a version still needed them (`removed_at`), oldest
 * removal first: for the site's admins only. `fileUrl` is null once the bytes are gone.
 */
export async function removedDocumentsOf(
  manager: EntityManager,
  propertyId: string,
): Promise<RemovedPropertyDocument[]> {
  const rows = (await manager.query(
    `SELECT * FROM "property_documents" WHERE "property_id" = $1 AND "removed_at" IS NOT NULL
     ORDER BY "removed_at", "id"`,
    [propertyId],
  )) as (DocumentRow & { removed_at: Date })[];
  return rows.map((row) => ({ ...toDocument(row), removedAt: new Date(row.removed_at).toISOString() }));
}

/** The photos of some properties, by property id, in their order. */
export async function photosOf(manager: EntityManager, ids: string[]): Promise<Map<string, PropertyPhoto[]>> {
  const byProperty = new Map<string, PropertyPhoto[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProperty;
  const rows = (await manager.query(
    `SELECT "id", "property_id", "position", "width", "height", "blur_data_url" FROM "property_photos"
     WHERE "property_id" = ANY($1) ORDER BY "position", "created_at"`,
    [ids],
  )) as {
    id: string;
    property_id: string;
    position: number;
    width: number;
    height: number;
    blur_data_url: string | null;
  }[];
  for (const row of rows)
    byProperty.get(row.property_id)?.push({
      id: row.id,
      position: row.position,
      width: row.width,
      height: row.height,
      urls: {
        thumb: photoUrl(row.id, 'thumb'),
        card: photoUrl(row.id, 'card'),
        detail: photoUrl(row.id, 'detail'),
      },
      blurDataUrl: row.blur_data_url,
    });
  return byProperty;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the owner and the moderators read of a property. */
export function toOwned(
  property: Property,
  documents: PropertyDocument[],
  photos: PropertyPhoto[],
): OwnedProperty {
  return ownedPropertySchema.parse({
    id: property.id,
    site: property.site,
    slug: property.slug,
    approvalStatus: property.approvalStatus,
    state: property.state,
    draft: property.draft,
    published: property.published,
    agentId: property.agentId,
    companyId: property.companyId,
    rejectedReason: property.rejectedReason,
    rejectedAt: iso(property.rejectedAt),
    submittedAt: iso(property.submittedAt),
    approvedAt: iso(property.approvedAt),
    soldAt: iso(property.soldAt),
    documents,
    photos,
    badge: badgeOf(property.draft.agreementType),
    regulatorVerified: property.regulatorVerified,
    completeness: completenessOf(property.draft, {
      site: property.site,
      photos: photos.length,
      documents: documents.length,
    }),
    createdAt: property.createdAt.toISOString(),
    updatedAt: property.updatedAt.toISOString(),
  });
}

export async function ownedView(manager: EntityManager, property: Property): Promise<OwnedProperty> {
  const documents = await documentsOf(manager, [property.id]);
  const photos = await photosOf(manager, [property.id]);
  return toOwned(property, documents.get(property.id) ?? [], photos.get(property.id) ?? []);
}

export async function ownedPage(manager: EntityManager, properties: Property[]): Promise<OwnedProperty[]> {
  const documents = await documentsOf(
    manager,
    properties.map((p) => p.id),
  );
  const photos = await photosOf(
    manager,
    properties.map((p) => p.id),
  );
  return properties.map((p) => toOwned(p, documents.get(p.id) ?? [], photos.get(p.id) ?? []));
}

/** Writes a lifecycle event of the property to the outbox, in the caller's transaction. */
export async function publishEvent<S extends z.ZodType>(
  manager: EntityManager,
  site: Site,
  propertyId: string,
  definition: { type: string; version: number; payload: S },
  payload: z.infer<S>,
): Promise<void> {
  await enqueue(
    manager,
    TOPICS.listingsProperty,
    newEvent(definition, site, propertyId, definition.payload.parse(payload), currentContext()?.requestId),
  );
}
