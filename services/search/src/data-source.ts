import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { ProjectRead1764300000001 } from './migrations/1764300000001-project-read.js';
import { SearchEngine1764150000000 } from './migrations/1764150000000-search-engine.js';
import { OwnerColumns1764500000000 } from './migrations/1764500000000-owner-columns.js';
import { AgentContact1764500000001 } from './migrations/1764500000001-agent-contact.js';
import { SavedSearch1764900000000 } from './migrations/1764900000000-saved-search.js';
import { AgentNameAr1764970000000 } from './migrations/1764970000000-agent-name-ar.js';
import { SearchAggregates1765240000000 } from './migrations/1765240000000-search-aggregates.js';
import { DetailIndexes1765450000000 } from './migrations/1765450000000-detail-indexes.js';

/** The read model's tables are written and read with SQL by the Postgres engine: no entities of its own. */
export const entities = [...busEntities];
export const migrations = [
  ...busMigrations,
  Init1732200000000,
  SearchEngine1764150000000,
  ProjectRead1764300000001,
  OwnerColumns1764500000000,
  AgentContact1764500000001,
  SavedSearch1764900000000,
  AgentNameAr1764970000000,
  SearchAggregates1765240000000,
  DetailIndexes1765450000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
