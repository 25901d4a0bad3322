export * from './bus.context.js';
export * from './bus-exception.filter.js';
export * from './bus-subscriptions.js';
export * from './connect-event-transport.js';
export * from './event-bus.transport.js';
export * from './event-inbox.js';
export * from './parse-event.pipe.js';
export * from './bus-cli-options.js';
