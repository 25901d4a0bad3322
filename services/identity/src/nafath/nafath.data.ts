import { NafathRequest } from './nafath-request.entity.js';
import { NafathRequests1733100000000 } from './nafath.migration.js';

/**
 * For identity's data source: `entities: [..., ...nafathEntities]`, `migrations: [..., ...nafathMigrations]`.
 * A file of their own, without the module: the data source is also `cli.js`'s, which must not load
 * the controllers (and with them passport and the rest of the Nest application).
 */
export const nafathEntities = [NafathRequest];
export const nafathMigrations = [NafathRequests1733100000000];
