export * from './http.js';
export * from './bus.module.js';
export * from './outbox-admin.controller.js';
export * from './events/index.js';
export * from './bootstrap.js';
