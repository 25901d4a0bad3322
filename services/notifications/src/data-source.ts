import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { Notification } from './notifications/notification.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { Delivery1764605000000 } from './migrations/1764605000000-delivery.js';
import { Sms1765220000000 } from './migrations/1765220000000-sms.js';
import { SendClaims1765320000000 } from './migrations/1765320000000-send-claims.js';

/** The one data source of the service, used by the app module and the CLI. */
export const entities = [...busEntities, Notification];
export const migrations = [
  ...busMigrations,
  Init1732200000000,
  Delivery1764605000000,
  Sms1765220000000,
  SendClaims1765320000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
