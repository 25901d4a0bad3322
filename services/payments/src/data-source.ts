import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { Plan } from './plans/plan.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { Subscriptions1764200000000 } from './migrations/1764200000000-subscriptions.js';
import { BidFees1764700000000 } from './migrations/1764700000000-bid-fees.js';
import { AdminConsole1764800000000 } from './migrations/1764800000000-admin-console.js';
import { UnitBookings1764910000001 } from './migrations/1764910000001-unit-bookings.js';
import { ExpiryNotice1764960000000 } from './migrations/1764960000000-expiry-notice.js';
import { RefundDue1765210000000 } from './migrations/1765210000000-refund-due.js';

/** The one data source of the service, used by the app module and the CLI. */
export const entities = [...busEntities, Plan];
export const migrations = [
  ...busMigrations,
  Init1732200000000,
  Subscriptions1764200000000,
  BidFees1764700000000,
  AdminConsole1764800000000,
  UnitBookings1764910000001,
  ExpiryNotice1764960000000,
  RefundDue1765210000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
