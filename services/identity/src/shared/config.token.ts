/** The validated configuration (ServiceConfig), injectable anywhere in the service. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
