export * from './database.js';
export * from './eventually.js';
export * from './tokens.js';
export * from './app.js';
export * from './events.js';
