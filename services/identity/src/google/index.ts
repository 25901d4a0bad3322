export { GoogleModule, GOOGLE_ROUTES } from './google.module.js';
export { googleEnv, googleSettings, type GoogleEnv, type GoogleSettings } from './google.config.js';
