// One jest run for every package: unit specs beside the code (*.spec.ts) and integration
// specs under <package>/test (*.int-spec.ts). ESM mode, swc transform (see STACK-NOTES).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
      experimental: { keepImportAttributes: true },
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  cacheDirectory: '<rootDir>/.cache/jest',
};

export default {
  rootDir: '.',
  // Starts (or reuses) a Postgres server and a Redis for the integration specs and passes
  // MANZIL_TEST_PG_URL / MANZIL_TEST_REDIS_URL to the workers.
  globalSetup: '<rootDir>/scripts/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.mjs',
  cacheDirectory: '<rootDir>/.cache/jest',
  // Integration specs talk to a real Postgres and Redis on a 2-core machine: 5 s is too tight
  // when it is busy. A timeout is a guard against a hang, never an assertion about speed.
  testTimeout: 20_000,
  // Two workers even on two cores (jest would otherwise run everything in its own process),
  // each replaced once it holds more than 1.5 GB: ESM mode (vm modules) keeps every spec's
  // module graph alive, and ~100 suites that each boot Nest apps outgrow one heap.
  maxWorkers: 2,
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testEnvironmentOptions: { customExportConditions: ['source', 'node', 'default'] },
      roots: [
        '<rootDir>/contracts',
        '<rootDir>/infra',
        '<rootDir>/services',
        '<rootDir>/scripts',
        '<rootDir>/k8s',
      ],
      testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testEnvironmentOptions: { customExportConditions: ['source', 'browser', 'default'] },
      roots: ['<rootDir>/frontends'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      moduleNameMapper: {
        ...common.moduleNameMapper,
        '\\.(css)$': '<rootDir>/frontends/ui/test/style-stub.cjs',
      },
    },
  ],
};
