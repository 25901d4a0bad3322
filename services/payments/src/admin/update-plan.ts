import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PlanChangeView, Site, UpdatePlanBody } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';

type Field = PlanChangeView['changes'][number]['field'];

const COLUMNS: Record<Field, string> = {
  nameEn: 'name',
  nameAr: 'name_ar',
  fees: 'fees',
  propertyQuota: 'property_quota',
  agentQuota: 'agent_quota',
};

/**
 * An admin changes a plan of their site: names, fees (in the site's currency: the plan's
 * currency never changes), quotas. Under the plan's row lock, the change and its audit line
 * (each field from / to, who, when) are one transaction; a change to nothing writes nothing.
 * What was already bought keeps its price and quotas (they were copied at payment and into
 * the activation event).
 */
@Injectable()
export class UpdatePlan {
  constructor(private readonly dataSource: DataSource) {}

  async execute(site: Site, id: string, adminId: string, body: UpdatePlanBody): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [plan] = (await manager.query(
        `SELECT "name", "name_ar", "fees", "property_quota", "agent_quota" FROM "plans"
          WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
        [id, site],
      )) as Record<string, string | number>[];
      if (!plan) throw new AppException('NOT_FOUND');
      const changes: PlanChangeView['changes'] = [];
      for (const field of Object.keys(COLUMNS) as Field[]) {
        const to = body[field];
        if (to === undefined) continue;
        const from = field === 'fees' ? Number(plan[COLUMNS[field]]) : plan[COLUMNS[field]];
        if (from !== to) changes.push({ field, from, to });
      }
      if (changes.length === 0) return;
      const sets = changes.map((change, i) => `"${COLUMNS[change.field]}" = $${i + 2}`);
      await manager.query(`UPDATE "plans" SET ${sets.join(', ')}, "updated_at" = now() WHERE "id" = $1`, [
        id,
        ...changes.map((change) => (change.field === 'fees' ? Number(change.to).toFixed(2) : change.to)),
      ]);
      await manager.query(
        `INSERT INTO "plan_changes" ("plan_id", "site", "admin_id", "changes") VALUES ($1, $2, $3, $4)`,
        [id, site, adminId, JSON.stringify(changes)],
      );
    });
  }
}
