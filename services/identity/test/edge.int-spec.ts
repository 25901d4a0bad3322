import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkHttpMetrics, driveBadInput, startSandbox, type SandboxProcess } from '@manzil/testing';
import { startHarness, type Harness } from './harness.js';

/**
 * Generated bad input on every endpoint of the service's own /openapi.json, then its request
 * metrics, which must have counted all of it under route templates (@manzil/testing).
 */
describe('identity at the edge: bad input on every endpoint of its OpenAPI document, metrics', () => {
  let h: Harness;
  let sandbox: SandboxProcess;

  // Nafath and Google answer (the sandbox), so an outside service being down is not what is tested.
  beforeAll(async () => {
    sandbox = await startSandbox({});
    h = await startHarness({ GOOGLE_ISSUER: sandbox.url, NAFATH_URL: sandbox.url });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await sandbox?.stop();
  });

  it('never answers 5xx, and always in the envelope in the request language', async () => {
    const report = await driveBadInput(h.app);
    expect(report.undocumented).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.operations.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('serves /metrics, counting every request under its route template', async () => {
    const { problems } = await checkHttpMetrics(h.app, 'identity');
    expect(problems).toEqual([]);
  });
});
