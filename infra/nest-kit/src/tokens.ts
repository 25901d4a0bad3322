export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');
export const REDIS = Symbol('REDIS');
export const EVENT_BUS = Symbol('EVENT_BUS');
export const BUS_OPTIONS = Symbol('BUS_OPTIONS');
