import { describe, expect, it } from '@jest/globals';

/**
 * Suites that need a real engine (Kafka, OpenSearch), which the jest global setup starts for the
 * run (scripts/jest-global-setup.mjs → scripts/engines.mjs) and hands over as
 * MANZIL_TEST_KAFKA_BROKERS / MANZIL_TEST_OPENSEARCH_URL. Where the engine is there the suite
 * runs. Where it cannot be (no Java, Maven Central refusing an artifact, MANZIL_TEST_ENGINES=off),
 * the setup writes why in MANZIL_TEST_<ENGINE>_SKIPPED: that line is printed, and the one test
 * left checks that a reason was given, so an engine missing for no stated reason fails the run
 * instead of passing unnoticed. Exported as `@manzil/bus/test/engine-suite` for the OpenSearch
 * smoke test under scripts/, which belongs to no package.
 */
export const ENGINE_VARIABLES = {
  kafka: { address: 'MANZIL_TEST_KAFKA_BROKERS', skipped: 'MANZIL_TEST_KAFKA_SKIPPED' },
  opensearch: { address: 'MANZIL_TEST_OPENSEARCH_URL', skipped: 'MANZIL_TEST_OPENSEARCH_SKIPPED' },
} as const;
export type TestEngine = keyof typeof ENGINE_VARIABLES;

/** Declares `body` as the suite `name` when the engine is there; `body` gets its address. */
export function describeWithEngine(engine: TestEngine, name: string, body: (address: string) => void): void {
  const variables = ENGINE_VARIABLES[engine];
  const address = process.env[variables.address]?.trim();
  if (address) {
    describe(name, () => body(address));
    return;
  }
  const reason = process.env[variables.skipped];
  console.log(
    `${name}: not run, ${reason ?? `neither ${variables.address} nor ${variables.skipped} is set`}`,
  );
  describe(name, () => {
    it(`is not run here, and the test run says why (${variables.skipped})`, () => {
      expect(reason).toMatch(/\S/);
    });
  });
}
