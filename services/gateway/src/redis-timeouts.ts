/**
 * How long ioredis waits, on `disconnect()`, for its socket to close before destroying it, for
 * the gateway's Redis clients (rate limit, response cache). Its 2 s default also runs, never
 * cleared, when the socket had already been refused and closed (Redis down): the process stayed
 * up that long after the gateway closed (seen as jest's "worker failed to exit gracefully").
 */
export const DISCONNECT_TIMEOUT_MS = 200;
