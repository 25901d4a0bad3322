import { Controller, Get, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { paginationQuerySchema, type Language, type PaginationQuery, type Site } from '@manzil/contracts';
import { CurrentLanguage, CurrentSite, Public, ZodPipe } from '@manzil/nest-kit';
import { Plan } from './plan.entity.js';
import { toPlanView, type PlanPage } from './plan.schema.js';

@Controller('v1/plans')
export class PlansController {
  constructor(@InjectRepository(Plan) private readonly plans: Repository<Plan>) {}

  /** Public: the plans of the request's site, cheapest tier first, then by duration. */
  @Get()
  @Public()
  async list(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<PlanPage> {
    const builder = this.plans
      .createQueryBuilder('plan')
      .where('plan.site = :site', { site })
      .orderBy(`array_position(ARRAY['basic','standard','gold'], plan.tier)`)
      .addOrderBy('plan.duration_months')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit);
    const [rows, total] = await builder.getManyAndCount();
    return {
      items: rows.map((plan) => toPlanView(plan, language)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }
}
