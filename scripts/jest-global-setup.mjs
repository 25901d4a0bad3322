// Jest globalSetup: a Postgres server the integration tests can create databases in and a
// Redis, exported to the workers as MANZIL_TEST_PG_URL (admin URL) and MANZIL_TEST_REDIS_URL.
// Already set (e.g. by `npm test`) → used as they are. Otherwise DATABASE_URL / REDIS_URL,
// or the embedded Postgres (:5433, fsync off) and a redis-server (:6380), which the
// teardown stops again (only what this run started).
export default async function globalSetup() {
  if (process.env.MANZIL_TEST_PG_URL && process.env.MANZIL_TEST_REDIS_URL) return;
  const { ensureInfra } = await import('./lib/infra.mjs');
  const quiet = Boolean(process.env.MANZIL_QUIET_SETUP);
  const infra = await ensureInfra({ fast: true, quiet });
  globalThis.__MANZIL_INFRA__ = infra;
  process.env.MANZIL_TEST_PG_URL ??= infra.postgres.url;
  process.env.MANZIL_TEST_REDIS_URL ??= infra.redis.url;
}
