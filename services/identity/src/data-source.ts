import { busEntities, CreateOutboxInbox1710000000000 } from '@manzil/bus';
import { createDataSource } from '@manzil/db';
import { Account } from './accounts/account.entity.js';
import { Entitlement } from './agents/entitlement.entity.js';
import { nafathEntities, nafathMigrations } from './nafath/index.js';
import { DeletionRequest } from './deletion/deletion-request.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { SignIn1732300000000 } from './migrations/1732300000000-sign-in.js';
import { EmailVerified1733200000000 } from './migrations/1733200000000-email-verified.js';
import { RefreshToken } from './tokens/refresh-token.entity.js';
import { Upload } from './uploads/upload.entity.js';

/** The one data source of the service, used by the app module and the CLI. */
export const entities = [
  ...busEntities,
  Account,
  Upload,
  RefreshToken,
  Entitlement,
  DeletionRequest,
  ...nafathEntities,
];
export const migrations = [
  CreateOutboxInbox1710000000000,
  Init1732200000000,
  SignIn1732300000000,
  ...nafathMigrations,
  EmailVerified1733200000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
