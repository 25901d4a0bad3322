import type { BusCliOptions } from '@manzil/bus';

/**
 * The bus commands' options from a service's environment, as BusModule reads it: Kafka when
 * KAFKA_BROKERS is set (topics without a prefix), else Redis Streams under BUS_NAMESPACE; the
 * service's own group by default.
 */
export function busCliOptions(
  service: string,
  config: { REDIS_URL: string; BUS_NAMESPACE: string; KAFKA_BROKERS?: string },
): BusCliOptions {
  const kafkaBrokers = config.KAFKA_BROKERS?.split(',').filter(Boolean);
  return {
    clientId: service,
    redisUrl: config.REDIS_URL,
    namespace: kafkaBrokers?.length ? undefined : config.BUS_NAMESPACE,
    kafkaBrokers,
    defaultGroup: service,
  };
}
