export * from './data-source.js';
export * from './database.js';
export * from './cli.js';
