// `@manzil/nest-kit/base`: the part of the kit that starts no Nest application, for the
// services' `cli.js` (migrate + seed, one process per service at every `npm start`) and the
// code its seeds reach. It loads no @nestjs/core, BullMQ, microservices, passport, OpenAPI,
// pino or prom-client: the whole kit costs each of those processes seconds of module loading.
// Everything here is in `@manzil/nest-kit` too (the SMS adapters only there: they log through
// @nestjs/common's Logger; `sms-port.js` has the port and the variables).
export * from './config.js';
export * from './context.js';
export * from './app.exception.js';
export * from './sms-port.js';
export * from './email-port.js';
export * from './trust-proxy-setting.js';
export * from './events/bus-cli-options.js';
