import { Body, Controller, Get, Put } from '@nestjs/common';
import { updateAdminInfoSchema, type Language, type Site, type UpdateAdminInfo } from '@manzil/contracts';
import { CurrentLanguage, CurrentSite, Public, Roles, ZodPipe } from '@manzil/nest-kit';
import { AdminInfoService } from './admin-info.service.js';

@Controller('v1')
export class AdminInfoController {
  constructor(private readonly adminInfo: AdminInfoService) {}

  @Get('admin-info')
  @Public()
  read(@CurrentSite() site: Site, @CurrentLanguage() language: Language) {
    return this.adminInfo.read(site, language);
  }

  @Get('admin/admin-info')
  @Roles('admin')
  readForAdmin(@CurrentSite() site: Site) {
    return this.adminInfo.readForAdmin(site);
  }

  @Put('admin/admin-info')
  @Roles('admin')
  update(
    @Body(new ZodPipe(updateAdminInfoSchema)) change: UpdateAdminInfo,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    return this.adminInfo.update(site, change, language);
  }
}
