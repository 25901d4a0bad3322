export * from './envelope.js';
export * from './topics.js';
export * from './listings.js';
export * from './content.js';
export * from './identity.js';
export * from './payments.js';
export * from './outbox.js';
export * from './event-topics.js';
