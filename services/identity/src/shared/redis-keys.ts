/** Every Redis key of this service starts with `<BUS_NAMESPACE>:identity:` (tests use a fresh namespace). */
export const REDIS_PREFIX = Symbol('REDIS_PREFIX');
