// Jest globalTeardown: stops what jest-global-setup.mjs started (nothing when it reused
// servers that were already running or were given through the environment).
export default async function globalTeardown() {
  const engines = globalThis.__MANZIL_ENGINES__;
  delete globalThis.__MANZIL_ENGINES__;
  const infra = globalThis.__MANZIL_INFRA__;
  delete globalThis.__MANZIL_INFRA__;
  await Promise.all([engines?.stop(), infra?.stop()]);
}
