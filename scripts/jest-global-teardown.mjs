// Jest globalTeardown: stops what jest-global-setup.mjs started (nothing when it reused
// servers that were already running or were given through the environment).
export default async function globalTeardown() {
  const infra = globalThis.__MANZIL_INFRA__;
  if (!infra) return;
  delete globalThis.__MANZIL_INFRA__;
  await infra.stop();
}
