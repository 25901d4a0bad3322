import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { propertyIdParamsSchema, type Site } from '@manzil/contracts';
import { CurrentSite, currentContext, Roles, ZodPipe } from '@manzil/nest-kit';
import { ApproveProperty } from './approve-property.js';

@Controller('v1/admin/properties')
@Roles('admin')
export class ApprovalController {
  constructor(private readonly approveProperty: ApproveProperty) {}

  @Post(':id/approve')
  @HttpCode(200)
  approve(@Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string }, @CurrentSite() site: Site) {
    return this.approveProperty.execute({
      site,
      propertyId: params.id,
      requestId: currentContext()?.requestId,
    });
  }
}
