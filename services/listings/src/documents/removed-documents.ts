import type { EntityManager } from 'typeorm';

/**
 * Whether a version of the listing still needs a document the owner removes: the moderation
 * under way (pending: the admins judge the documents they see), or the public version, accepted
 * with every document attached before its approval. Such a document is only marked removed
 * (`removed_at`): hidden from the owner, the counts and the submit, its bytes kept for the
 * admins until `releaseRemovedDocuments` lets it go.
 */
export function documentStillNeeded(
  property: { approvalStatus: string; approvedAt: Date | null },
  document: { created_at: Date | string },
): boolean {
  if (property.approvalStatus === 'pending') return true;
  return property.approvedAt !== null && new Date(document.created_at) <= property.approvedAt;
}

/**
 * In the transaction of an approval (`keep: 'none'`: the new public version has only the
 * documents still attached) or of a rejection (`keep: 'acceptedVersion'`: those the public
 * version was accepted with stay, while it does): deletes the removed documents no version
 * needs any more and returns their stored objects, for `removeAfterCommit`.
 */
export async function releaseRemovedDocuments(
  manager: EntityManager,
  property: { id: string; approvedAt: Date | null; state?: string },
  keep: 'none' | 'acceptedVersion',
): Promise<string[]> {
  // A sold listing's removed documents have no bytes left (`releaseSoldDocuments`) and their
  // rows stay for the audit, whatever an admin decides afterwards.
  if (property.state === 'sold') return [];
  const keepBefore = keep === 'acceptedVersion' ? property.approvedAt : null;
  const [rows] = (await manager.query(
    `DELETE FROM "property_documents"
     WHERE "property_id" = $1 AND "removed_at" IS NOT NULL AND ($2::timestamptz IS NULL OR "created_at" > $2)
     RETURNING "storage_key"`,
    [property.id, keepBefore],
  )) as [{ storage_key: string | null }[], number];
  return rows.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
}

/**
 * In the transaction of a sale (final: no version will be judged or shown again): the documents
 * the owner removed lose their bytes, their rows stay (title, file name, size, dates) for the
 * audit with a null `storage_key`. Returns the removed documents' ids and their stored objects,
 * for the audit row and `removeAfterCommit`. Idempotent: a row without bytes is left alone.
 */
export async function releaseSoldDocuments(
  manager: EntityManager,
  propertyId: string,
): Promise<{ documentIds: string[]; keys: string[] }> {
  const [rows] = (await manager.query(
    `UPDATE "property_documents" AS d SET "storage_key" = NULL
     FROM (SELECT "id", "storage_key" FROM "property_documents"
           WHERE "property_id" = $1 AND "removed_at" IS NOT NULL AND "storage_key" IS NOT NULL
           FOR UPDATE) AS old
     WHERE d."id" = old."id"
     RETURNING d."id", old."storage_key"`,
    [propertyId],
  )) as [{ id: string; storage_key: string }[], number];
  return { documentIds: rows.map((row) => row.id), keys: rows.map((row) => row.storage_key) };
}
