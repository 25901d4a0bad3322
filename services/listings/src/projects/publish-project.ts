import type { EntityManager } from 'typeorm';
import { projectPublishedV1, type Site } from '@manzil/contracts';
import { projectRow, publishProjectEvent, toPublicProject, toUnit, unitsOf } from './project-rows.js';

/**
 * A draft project becomes public and `project.published` v1 (with its units) goes to the outbox,
 * in the caller's transaction. Used by the company's publish and by the seed, so seeded projects
 * reach search by the same path.
 */
export async function publishDraft(manager: EntityManager, site: Site, id: string): Promise<void> {
  await manager.query(
    `UPDATE "projects" SET "status" = 'published', "published_at" = now(), "updated_at" = now()
     WHERE "id" = $1 AND "site" = $2 AND "status" = 'draft'`,
    [id, site],
  );
  const row = await projectRow(manager, `p."id" = $1`, [id]);
  if (!row) return;
  const units = await unitsOf(manager, id);
  await publishProjectEvent(manager, site, id, projectPublishedV1, {
    ...toPublicProject(row),
    units: units.map(toUnit),
  });
}
