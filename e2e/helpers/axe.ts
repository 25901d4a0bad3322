/// <reference lib="dom" />
// axe-core in the page under test, loaded once per document. `@axe-core/playwright`'s builder
// evaluates the whole engine (580 KB) again on every analyze() call; the accessibility walk
// reaches its pages by in-app navigation, so one document takes dozens of runs, and that
// re-evaluation was about half of each run's time on a small page (0.2-0.35 s of 0.65-1.1 s,
// /aboutCompany, 3 runs, 2026-11-29). The run itself is the same call the builder's legacy mode
// makes: `axe.run(context, { resultTypes: ['violations'] })` in the page (the app has no frames).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as the specs report it: the rule, its impact and the first nodes' selectors. */
export interface Violation {
  id: string;
  impact: ImpactValue | null;
  targets: string[];
}

/** The axe violations of the page, or of `<main>` only (`main`), at the page's current size. */
export async function axeViolations(page: Page, { main }: { main: boolean }): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (onlyMain) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(onlyMain ? { include: [['#main']] } : document, {
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, main);
}

/** Only what this project blocks on: serious and critical. */
export const isBlocking = (violation: Violation): boolean =>
  violation.impact === 'serious' || violation.impact === 'critical';
