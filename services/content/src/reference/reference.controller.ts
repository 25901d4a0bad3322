import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Language, type MasterData, type MortgageSettings, type Site } from '@manzil/contracts';
import { AppException, CurrentLanguage, CurrentSite, Public } from '@manzil/nest-kit';
import { PublicCache } from '../cms/public-cache.js';
import { MasterDataOption } from './master-data-option.entity.js';
import { MortgageSetting } from './mortgage-setting.entity.js';

/** Reference data the forms and the mortgage calculator read; seeded, changed by migration/seed. */
@Controller('v1')
@Public()
export class ReferenceController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: PublicCache,
  ) {}

  @Get('master-data')
  masterData(@CurrentSite() site: Site, @CurrentLanguage() language: Language): Promise<MasterData> {
    return this.cache.remember(site, 'master-data', language, 'all', async () => {
      const options = await this.dataSource.manager.find(MasterDataOption, {
        where: { site },
        order: { kind: 'ASC', position: 'ASC' },
      });
      const list = (kind: MasterDataOption['kind']) =>
        options
          .filter((option) => option.kind === kind)
          .map((option) => ({ value: option.value, label: option.name[language] }));
      return {
        propertyKinds: list('propertyKinds'),
        furnishing: list('furnishing'),
        amenities: list('amenities'),
      };
    });
  }

  @Get('mortgage-settings')
  mortgageSettings(@CurrentSite() site: Site): Promise<MortgageSettings> {
    return this.cache.remember(site, 'mortgage', 'en', 'settings', async () => {
      const row = await this.dataSource.manager.findOne(MortgageSetting, { where: { site } });
      if (!row) throw new AppException('NO_DATA_FOUND');
      return row.settings;
    });
  }
}
