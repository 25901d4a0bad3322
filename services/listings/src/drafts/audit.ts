import type { EntityManager } from 'typeorm';
import type { Site } from '@manzil/contracts';
import type { AuthUser } from '@manzil/nest-kit';

/** Who did a transition: a signed-in account, or the system (seed, jobs). */
export interface Actor {
  id: string | null;
  role: AuthUser['role'] | 'system';
}

export const actorOf = (user: AuthUser): Actor => ({ id: user.id, role: user.role });

/** The `by` of a lifecycle event (an account, never the system). */
export function eventActor(actor: Actor): { id: string; role: 'agent' | 'company' | 'admin' } {
  if (!actor.id || (actor.role !== 'agent' && actor.role !== 'company' && actor.role !== 'admin'))
    throw new Error(`${actor.role} cannot be named by a listing event`);
  return { id: actor.id, role: actor.role };
}

/** One audit row (who, when, what) in the transaction of the change it records. */
export async function audit(
  manager: EntityManager,
  property: { id: string; site: Site },
  actor: Actor,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await manager.query(
    `INSERT INTO "property_audit" ("property_id", "site", "actor_id", "actor_role", "action", "detail")
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [property.id, property.site, actor.id, actor.role, action, JSON.stringify(detail)],
  );
}
