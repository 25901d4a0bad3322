import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { Account } from './accounts/account.entity.js';
import { Entitlement } from './agents/entitlement.entity.js';
import { nafathEntities, nafathMigrations } from './nafath/nafath.data.js';
import { DeletionRequest } from './deletion/deletion-request.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { SignIn1732300000000 } from './migrations/1732300000000-sign-in.js';
import { EmailVerified1733200000000 } from './migrations/1733200000000-email-verified.js';
import { Sessions1733400000000 } from './migrations/1733400000000-sessions.js';
import { GoogleSubject1734100000000 } from './migrations/1734100000000-google-subject.js';
import { UploadClaims1734100000001 } from './migrations/1734100000001-upload-claims.js';
import { Directory1735000000000 } from './migrations/1735000000000-directory.js';
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
  ...busMigrations,
  Init1732200000000,
  SignIn1732300000000,
  ...nafathMigrations,
  EmailVerified1733200000000,
  Sessions1733400000000,
  GoogleSubject1734100000000,
  UploadClaims1734100000001,
  Directory1735000000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
