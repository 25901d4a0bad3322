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
  property: { id: string; approvedAt: Date | null },
  keep: 'none' | 'acceptedVersion',
): Promise<string[]> {
  const keepBefore = keep === 'acceptedVersion' ? property.approvedAt : null;
  const [rows] = (await manager.query(
    `DELETE FROM "property_documents"
     WHERE "property_id" = $1 AND "removed_at" IS NOT NULL AND ($2::timestamptz IS NULL OR "created_at" > $2)
     RETURNING "storage_key"`,
    [property.id, keepBefore],
  )) as [{ storage_key: string | null }[], number];
  return rows.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
}
