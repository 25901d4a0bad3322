import { Controller, Get, Injectable, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  deletionRequestsQuerySchema,
  type DeletionRequestsQuery,
  type DeletionRequestView,
  type Page,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, Roles, ZodPipe } from '@manzil/nest-kit';

interface Row {
  id: string;
  account_id: string;
  role: DeletionRequestView['role'];
  name: string | null;
  reason: string | null;
  requested_at: Date;
  erase_after: Date;
  anonymised_at: Date | null;
}

/** The admin console's view of account deletion requests: its site's, newest first. */
@Injectable()
export class DeletionRequestsQueryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(site: Site, query: DeletionRequestsQuery): Promise<Page<DeletionRequestView>> {
    const where = ['r."site" = $1'];
    if (query.state === 'pending') where.push('r."anonymised_at" IS NULL');
    if (query.state === 'anonymised') where.push('r."anonymised_at" IS NOT NULL');
    const from = `FROM "deletion_requests" r JOIN "accounts" a ON a."id" = r."account_id" WHERE ${where.join(' AND ')}`;
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total ${from}`, [site])) as {
      total: number;
    }[];
    const rows = (await this.dataSource.query(
      `SELECT r."id", r."account_id", a."role", a."name", r."reason", r."requested_at", r."erase_after",
              r."anonymised_at" AS "anonymised_at"
         ${from}
        ORDER BY r."requested_at" DESC, r."id"
        LIMIT $2 OFFSET $3`,
      [site, query.limit, (query.page - 1) * query.limit],
    )) as Row[];
    return {
      items: rows.map((row) => ({
        id: row.id,
        accountId: row.account_id,
        role: row.role,
        // After anonymisation the account's name is a placeholder: show none.
        name: row.anonymised_at ? null : row.name,
        reason: row.reason,
        requestedAt: row.requested_at.toISOString(),
        eraseAfter: row.erase_after.toISOString(),
        anonymisedAt: row.anonymised_at?.toISOString() ?? null,
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}

@Controller('v1/admin/deletion-requests')
@Roles('admin')
export class DeletionRequestsAdminController {
  constructor(private readonly requests: DeletionRequestsQueryService) {}

  @Get()
  list(
    @CurrentSite() site: Site,
    @Query(new ZodPipe(deletionRequestsQuerySchema)) query: DeletionRequestsQuery,
  ): Promise<Page<DeletionRequestView>> {
    return this.requests.list(site, query);
  }
}
