import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { AdminInfo } from './admin-info/admin-info.entity.js';
import { Banner } from './cms/banner.entity.js';
import { Blog } from './cms/blog.entity.js';
import { Community } from './cms/community.entity.js';
import { Faq } from './cms/faq.entity.js';
import { Menu } from './cms/menu.entity.js';
import { Page } from './cms/page.entity.js';
import { Complaint, ContactMessage, Feedback } from './messages/received-message.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { Cms1732900000000 } from './migrations/1732900000000-cms.js';
import { MasterDataOption } from './reference/master-data-option.entity.js';
import { MortgageSetting } from './reference/mortgage-setting.entity.js';
import { PropertyType } from './site-config/property-type.entity.js';
import { SiteSetting } from './site-config/site-setting.entity.js';

export const entities = [
  ...busEntities,
  SiteSetting,
  PropertyType,
  Page,
  Blog,
  Faq,
  Menu,
  Banner,
  Community,
  AdminInfo,
  MasterDataOption,
  MortgageSetting,
  ContactMessage,
  Complaint,
  Feedback,
];
export const migrations = [...busMigrations, Init1732200000000, Cms1732900000000];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
