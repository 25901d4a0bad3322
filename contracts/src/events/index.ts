export * from './envelope.js';
export * from './topics.js';
export * from './listings.js';
export * from './content.js';
