/**
 * Where each service listens locally and which gateway prefix reaches it:
 * `/api/<prefix>/**` on a site's origin is proxied to the service with the prefix removed.
 */
export const SERVICES = {
  identity: { port: 4001, prefix: 'identity' },
  listings: { port: 4002, prefix: 'listings' },
  search: { port: 4003, prefix: 'search' },
  auctions: { port: 4004, prefix: 'auctions' },
  payments: { port: 4005, prefix: 'payments' },
  content: { port: 4006, prefix: 'content' },
  notifications: { port: 4007, prefix: 'notifications' },
  sandbox: { port: 4010, prefix: 'sandbox' },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const GATEWAY_PORT = 3000;
