export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');
export const REDIS = Symbol('REDIS');
export const EVENT_BUS = Symbol('EVENT_BUS');
