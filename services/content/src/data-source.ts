import { busEntities, CreateOutboxInbox1710000000000 } from '@manzil/bus';
import { createDataSource } from '@manzil/db';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { PropertyType } from './site-config/property-type.entity.js';
import { SiteSetting } from './site-config/site-setting.entity.js';
import { StaticContent } from './site-config/static-content.entity.js';

export const entities = [...busEntities, SiteSetting, PropertyType, StaticContent];
export const migrations = [CreateOutboxInbox1710000000000, Init1732200000000];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
