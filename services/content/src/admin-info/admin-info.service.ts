import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  fieldMessage,
  type AdminInfo as AdminInfoView,
  type Language,
  type Site,
  type UpdateAdminInfo,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { PublicCache } from '../cms/public-cache.js';
import { recordChange } from '../cms/record-change.js';
import { SiteSetting } from '../site-config/site-setting.entity.js';
import { AdminInfo } from './admin-info.entity.js';

const SAUDI_ONLY = ['appStoreUrl', 'playStoreUrl', 'licenceCertificateUrl'] as const;

@Injectable()
export class AdminInfoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: PublicCache,
  ) {}

  /** Spec §3 admin info in the request's language; the Saudi-only block is null on ae. */
  read(site: Site, language: Language): Promise<AdminInfoView> {
    return this.cache.remember(site, 'admin-info', language, 'info', async () => {
      const [info, setting] = await Promise.all([
        this.dataSource.manager.findOne(AdminInfo, { where: { site } }),
        this.dataSource.manager.findOne(SiteSetting, { where: { site } }),
      ]);
      if (!info) throw new AppException('NO_DATA_FOUND');
      const saudi = site === 'sa';
      return {
        email: info.email,
        mobile: info.mobile,
        phonePrefix: setting?.phonePrefix ?? (saudi ? '+966' : '+971'),
        whatsapp: info.whatsapp,
        addresses: info.addresses.map((address) => address[language]),
        facebookUrl: info.facebookUrl,
        linkedinUrl: info.linkedinUrl,
        twitterUrl: info.twitterUrl,
        youtubeUrl: info.youtubeUrl,
        instgramUrl: info.instgramUrl,
        appStoreUrl: saudi ? info.appStoreUrl : null,
        playStoreUrl: saudi ? info.playStoreUrl : null,
        licenceCertificateUrl: saudi ? info.licenceCertificateUrl : null,
      };
    });
  }

  async readForAdmin(site: Site) {
    const info = await this.dataSource.manager.findOne(AdminInfo, { where: { site } });
    if (!info) throw new AppException('NO_DATA_FOUND');
    return { ...info, updatedAt: info.updatedAt.toISOString() };
  }

  /** The app block and licence certificate exist on the Saudi site only (spec §1), checked here. */
  async update(site: Site, change: UpdateAdminInfo, language: Language) {
    if (site !== 'sa') {
      const fields = SAUDI_ONLY.filter((field) => change[field] !== null).map((field) => ({
        field,
        message: fieldMessage('cms.saudiOnly', language),
      }));
      if (fields.length > 0) throw new AppException('VALIDATION_FAILED', 422, fields);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.upsert(AdminInfo, { ...change, site, updatedAt: new Date() }, ['site']);
      await recordChange(manager, site, { kind: 'admin-info', id: site, action: 'updated' });
    });
    await this.cache.drop(site, 'admin-info');
    return this.readForAdmin(site);
  }
}
