import { SERVICES, type ServiceName } from '@manzil/contracts';
import type { GatewayConfig } from './config.js';

const URL_VARIABLES: Record<ServiceName, keyof GatewayConfig> = {
  identity: 'IDENTITY_URL',
  listings: 'LISTINGS_URL',
  search: 'SEARCH_URL',
  auctions: 'AUCTIONS_URL',
  payments: 'PAYMENTS_URL',
  content: 'CONTENT_URL',
  notifications: 'NOTIFICATIONS_URL',
  sandbox: 'SANDBOX_URL',
};

export interface Upstream {
  service: ServiceName;
  /** The first path segment after /api. */
  prefix: string;
  target: string;
}

/**
 * The services reachable under /api/<prefix>. The sandbox plays the outside world in
 * development and tests only: a production gateway does not know it (404 like any unknown).
 */
export function upstreams(config: GatewayConfig): Map<string, Upstream> {
  const table = new Map<string, Upstream>();
  for (const service of Object.keys(SERVICES) as ServiceName[]) {
    if (service === 'sandbox' && config.NODE_ENV === 'production') continue;
    const { port, prefix } = SERVICES[service];
    const target = (config[URL_VARIABLES[service]] as string | undefined) ?? `http://127.0.0.1:${port}`;
    table.set(prefix, { service, prefix, target });
  }
  return table;
}
