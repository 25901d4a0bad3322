export { NafathModule, NAFATH_ROUTES } from './nafath.module.js';
export { nafathEnv, nafathSettings, type NafathEnv, type NafathSettings } from './nafath.config.js';
export { NafathRequest } from './nafath-request.entity.js';
export { NafathRequests1733100000000 } from './nafath.migration.js';
export { nafathEntities, nafathMigrations } from './nafath.data.js';
