// `@manzil/nest-kit/http`: the kit of an HTTP application without the event bus (BusModule, the
// outbox admin, the `@EventPattern` transport, startService): no BullMQ, TypeORM or @manzil/bus
// (@nestjs/core loads @nestjs/microservices itself). The gateway imports this: it starts last
// in `npm start` (after the frontends' build), so every module it loads is on the way to
// "ready". Everything here is in `@manzil/nest-kit` too.
export * from './base.js';
export * from './context.middleware.js';
export * from './envelope.filter.js';
export * from './envelope.interceptor.js';
export * from './http-cache.js';
export * from './zod.pipe.js';
export * from './access.js';
export * from './auth.js';
export * from './jwt-keys.js';
export * from './verified-tokens.js';
export * from './revocations.js';
export * from './logger.js';
export * from './openapi.js';
export * from './health.controller.js';
export * from './tokens.js';
export * from './kit.module.js';
export * from './app-settings.js';
export * from './media.js';
export * from './bad-input.middleware.js';
export * from './metrics.js';
export * from './trust-proxy.js';
export * from './sequence.js';
export * from './sms.js';
