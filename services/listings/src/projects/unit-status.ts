import type { EntityManager } from 'typeorm';
import { unitStatusChangedV1, type Site, type Unit, type UnitStatus } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { publishProjectEvent, toUnit, type UnitRow } from './project-rows.js';

/**
 * The one way a unit's status changes (the company's edit today, a unit booking later): the
 * unit row, the project's available count (one less when a unit leaves `available`, one more
 * when it comes back) and, for a published project, `unit.status-changed` v1, all in the
 * caller's transaction. The unit is locked, so two bookings of one unit cannot both take it.
 * Returns the unit as it is after the change (unchanged, and nothing published, when it already
 * had that status).
 */
export async function changeUnitStatus(
  manager: EntityManager,
  site: Site,
  projectId: string,
  unitId: string,
  to: UnitStatus,
): Promise<Unit> {
  // The project first, then the unit: every writer of a project's units locks in that order.
  const [row] = (await manager.query(
    `SELECT "available_units", "total_units", "status" FROM "projects" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
    [projectId, site],
  )) as { available_units: number; total_units: number; status: string }[];
  if (!row) throw new AppException('NOT_FOUND');
  const [unit] = (await manager.query(
    `SELECT u.* FROM "project_units" u WHERE u."id" = $1 AND u."project_id" = $2 AND u."site" = $3 FOR UPDATE`,
    [unitId, projectId, site],
  )) as UnitRow[];
  if (!unit) throw new AppException('NOT_FOUND');
  if (unit.status === to) return toUnit(unit);
  const delta = (to === 'available' ? 1 : 0) - (unit.status === 'available' ? 1 : 0);
  const availableUnits = Math.min(row.total_units, Math.max(0, row.available_units + delta));
  await manager.query(`UPDATE "projects" SET "available_units" = $2, "updated_at" = now() WHERE "id" = $1`, [
    projectId,
    availableUnits,
  ]);
  await manager.query(`UPDATE "project_units" SET "status" = $2, "updated_at" = now() WHERE "id" = $1`, [
    unitId,
    to,
  ]);
  if (row.status === 'published')
    await publishProjectEvent(manager, site, projectId, unitStatusChangedV1, {
      id: unitId,
      projectId,
      from: unit.status,
      to,
      availableUnits,
      at: new Date().toISOString(),
    });
  return toUnit({ ...unit, status: to });
}
