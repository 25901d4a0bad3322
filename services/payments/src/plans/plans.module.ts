import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { paginationQuerySchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import { Plan } from './plan.entity.js';
import { planPageSchema } from './plan.schema.js';
import { PlansController } from './plans.controller.js';

export const PLAN_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/plans',
    summary: "Subscription plans of the request's site",
    query: paginationQuerySchema,
    results: planPageSchema,
  },
];

@Module({
  imports: [TypeOrmModule.forFeature([Plan])],
  controllers: [PlansController],
})
export class PlansModule {}
