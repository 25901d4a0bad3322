import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { OwnedProperty, Page, Site } from '@manzil/contracts';
import type { myPropertiesQuerySchema } from '@manzil/contracts';
import type { AuthUser } from '@manzil/nest-kit';
import { Property } from '../properties/property.entity.js';
import { ownedPage, ownedView } from './owned.js';
import { findOwned } from './who-may.js';

/** The owner's reads: an agent sees its own listings, a company its own and its agents'. */
@Injectable()
export class DraftsService {
  constructor(private readonly dataSource: DataSource) {}

  async mine(
    user: AuthUser,
    site: Site,
    query: z.infer<typeof myPropertiesQuerySchema>,
  ): Promise<Page<OwnedProperty>> {
    const builder = this.dataSource.manager
      .createQueryBuilder(Property, 'property')
      .where('property.site = :site', { site })
      .andWhere(user.role === 'company' ? 'property.company_id = :me' : 'property.agent_id = :me', {
        me: user.id,
      })
      .orderBy('property.updated_at', 'DESC')
      .addOrderBy('property.id', 'DESC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    if (query.status) builder.andWhere('property.approval_status = :status', { status: query.status });
    const [rows, total] = await builder.getManyAndCount();
    return {
      items: await ownedPage(this.dataSource.manager, rows),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async one(user: AuthUser, site: Site, id: string): Promise<OwnedProperty> {
    const property = await findOwned(this.dataSource.manager, user, site, id, false);
    return ownedView(this.dataSource.manager, property);
  }
}
