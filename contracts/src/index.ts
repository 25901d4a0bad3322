export * from './site.js';
export * from './envelope.js';
export * from './errors.js';
export * from './listings.js';
export * from './content.js';
export * from './events/index.js';
export * from './services.js';
