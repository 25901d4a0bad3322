// Browser tests against the running system (`npm run test:e2e` starts it; see README.md).
// Debian's Chromium, never a downloaded browser: do not run `playwright install`.
import { defineConfig } from '@playwright/test';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = process.env.MANZIL_E2E_OUT ?? path.join(root, '.cache', 'e2e');

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(out, 'test-results'),
  // A hang's bound, not a speed target (nothing here measures time): on 2026-11-28 the CI host ran
  // the browser tests 2-4 times as slowly as this machine (same code, same stages), and journeys
  // of 12-20 s here passed 45 s there.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.MANZIL_E2E_RESULTS ?? path.join(out, 'results.json') }],
    ['html', { outputFolder: path.join(out, 'report'), open: 'never' }],
  ],
  use: {
    baseURL: process.env.E2E_AE_URL ?? 'http://ae.localhost:3000',
    headless: true,
    // Playwright gives each browser a fresh temporary user-data-dir.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // An action waiting for something that never comes fails in 30 s, not at the test's own
    // timeout (10 minutes for the accessibility walk, which a lost session once spent whole).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
