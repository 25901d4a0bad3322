import { busEntities, busMigrations } from '@manzil/bus';
import { createDataSource } from '@manzil/db';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { Property } from './properties/property.entity.js';

export const entities = [...busEntities, Property];
export const migrations = [...busMigrations, Init1732200000000];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
