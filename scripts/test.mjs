#!/usr/bin/env node
// `npm test`: every check, in stages, each timed:
//   lint (eslint, zero warnings; prettier --check) ‖ typecheck (both tsconfigs)   — run side by side
//   jest (unit + integration, projects server and web) on a real Postgres and Redis
//   build (incremental)
//   e2e (scripts/e2e.mjs: the system in the background on the same Postgres/Redis, Playwright)
// A failing lint/typecheck/jest stage does not stop the later ones (all failures are
// reported); a failed build skips e2e. Ends with a table of stages and, alone on the last
// line, `N passed, N failed` (jest + Playwright tests). Exit code 1 when anything failed.
//   npm test -- --skip=e2e,lint      skip stages      npm test -- --only=jest      only these
import fs from 'node:fs';
import path from 'node:path';
import {
  CACHE_DIR,
  ROOT,
  c,
  fail,
  killRunningChildren,
  mkdirp,
  readJson,
  repoEnv,
  run,
  say,
  seconds,
  warn,
} from './lib/common.mjs';
import { ensureInstalled } from './lib/install.mjs';

const STAGES = ['lint', 'typecheck', 'jest', 'build', 'e2e'];
const argv = process.argv.slice(2);
const listArg = (name) =>
  argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean);
const onlyStages = listArg('only');
const skipStages = listArg('skip') ?? [];
const wanted = (stage) => (!onlyStages || onlyStages.includes(stage)) && !skipStages.includes(stage);
for (const s of [...(onlyStages ?? []), ...skipStages])
  if (!STAGES.includes(s)) warn(`unknown stage "${s}" (stages: ${STAGES.join(', ')})`);
const BUDGET_MS = 28 * 60_000; // the whole run stays under 30 minutes

const t0 = Date.now();
const results = []; // { stage, status: 'passed'|'failed'|'skipped', ms, note }
const counts = { passed: 0, failed: 0 };
let infra;
const resultsDir = mkdirp(path.join(CACHE_DIR, 'test'));
const jestResults = path.join(resultsDir, 'jest-results.json');
const e2eResults = path.join(resultsDir, 'e2e-results.json');

function record(stage, ok, ms, note = '') {
  results.push({ stage, status: ok ? 'passed' : 'failed', ms, note });
  const line = `${c.bold(stage)} ${ok ? c.green('passed') : c.red('FAILED')} in ${seconds(ms)}${note ? ` ${c.dim(`(${note})`)}` : ''}`;
  if (ok) say(line);
  else fail(line);
}
function skip(stage, note) {
  results.push({ stage, status: 'skipped', ms: 0, note });
  say(`${c.bold(stage)} ${c.yellow('skipped')}${note ? ` ${c.dim(`(${note})`)}` : ''}`);
}
const overBudget = () => interrupted || Date.now() - t0 > BUDGET_MS;
const banner = (text) => console.log(`\n${c.bold(c.blue(`━━ ${text} `.padEnd(72, '━')))}`);

let interrupted = false;
process.on('exit', () => killRunningChildren('SIGKILL'));
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    warn(`${sig}: stopping the running stage`);
    killRunningChildren('SIGTERM');
    void (infra?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function lintAndTypecheck() {
  const env = repoEnv();
  const jobs = [];
  if (wanted('lint')) {
    // @nx/enforce-module-boundaries reads the cached project graph and silently skips
    // itself without one (daemon off, fresh clone): compute it first.
    const lint = async () => {
      const graph = await run(path.join(ROOT, 'node_modules/.bin/nx'), ['show', 'projects'], {
        env,
        timeoutMs: 5 * 60_000,
      });
      const r = await run(
        process.execPath,
        [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0'],
        {
          env,
          timeoutMs: 10 * 60_000,
        },
      );
      const format = await run(
        process.execPath,
        [path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'],
        { env, timeoutMs: 5 * 60_000 },
      );
      const graphNote =
        graph.code === 0 ? '' : `nx project graph failed (module boundaries unchecked):\n${graph.output}\n`;
      const formatNote =
        format.code === 0 ? '' : `prettier --check (run npm run format):\n${format.output}\n`;
      return {
        ...r,
        code: r.code || format.code,
        output: graphNote + formatNote + r.output,
        ms: r.ms + graph.ms + format.ms,
      };
    };
    jobs.push(['lint', lint()]);
  }
  if (wanted('typecheck'))
    jobs.push(['typecheck', run('npm', ['run', 'typecheck', '--silent'], { env, timeoutMs: 10 * 60_000 })]);
  if (!jobs.length) return;
  banner(jobs.map(([name]) => name).join(' + '));
  for (const [name, job] of jobs) {
    const r = await job;
    const out = r.output.trim();
    if (out) console.log(`${c.dim(`── ${name} output ──`)}\n${out}`);
    record(name, r.code === 0, r.ms);
  }
}

async function jest() {
  banner('jest (server + web)');
  fs.rmSync(jestResults, { force: true });
  const r = await run(
    process.execPath,
    [
      '--experimental-vm-modules',
      path.join(ROOT, 'node_modules/jest/bin/jest.js'),
      '--ci',
      '--passWithNoTests',
      '--forceExit',
      '--json',
      `--outputFile=${jestResults}`,
    ],
    {
      stdio: 'inherit',
      env: repoEnv({
        MANZIL_TEST_PG_URL: infra.postgres.url,
        MANZIL_TEST_REDIS_URL: infra.redis.url,
        FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
      }),
      timeoutMs: 15 * 60_000,
    },
  );
  const json = readJson(jestResults);
  let note = 'no JSON results';
  if (json) {
    const failedTests = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
    counts.passed += json.numPassedTests;
    counts.failed += failedTests;
    note = `${json.numPassedTests} passed, ${failedTests} failed, ${json.numTotalTestSuites} suites`;
  } else if (r.code !== 0) {
    counts.failed += 1; // jest itself crashed: count it so the summary is not all green
  }
  record('jest', r.code === 0, r.ms, note);
}

async function build() {
  banner('build');
  const { buildAll } = await import('./lib/build.mjs');
  const r = await buildAll();
  record(
    'build',
    !r.failed.length,
    r.ms,
    `${r.built.length} built, ${r.skipped.length} up to date${r.failed.length ? `, failed: ${r.failed.map((f) => f.dir).join(', ')}` : ''}`,
  );
  return !r.failed.length;
}

async function e2e() {
  banner('e2e (Playwright)');
  fs.rmSync(e2eResults, { force: true });
  const r = await run(process.execPath, [path.join(ROOT, 'scripts/e2e.mjs'), '--no-build'], {
    stdio: 'inherit',
    env: repoEnv({
      DATABASE_URL: infra.postgres.url,
      REDIS_URL: infra.redis.url,
      MANZIL_E2E_RESULTS: e2eResults,
    }),
    timeoutMs: Math.max(60_000, Math.min(20 * 60_000, BUDGET_MS - (Date.now() - t0))),
  });
  const json = readJson(e2eResults);
  let note = 'Playwright did not run';
  if (json?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats;
    counts.passed += expected + flaky;
    counts.failed += unexpected;
    note = `${expected + flaky} passed${flaky ? ` (${flaky} flaky)` : ''}, ${unexpected} failed${skipped ? `, ${skipped} skipped` : ''}`;
  } else if (r.code !== 0) {
    counts.failed += 1;
  }
  record('e2e', r.code === 0, r.ms, note);
}

try {
  const installMs = await ensureInstalled();
  if (installMs) say(`install done in ${seconds(installMs)}`);

  await lintAndTypecheck();

  const needsInfra = wanted('jest') || wanted('e2e');
  if (needsInfra) {
    banner('Postgres + Redis');
    const started = Date.now();
    const { ensureInfra } = await import('./lib/infra.mjs');
    infra = await ensureInfra({ fast: true });
    say(`infra ready in ${seconds(Date.now() - started)}`);
  }

  if (wanted('jest')) {
    if (overBudget()) skip('jest', 'time budget used up');
    else await jest();
  }
  let built = true;
  if (wanted('build') || wanted('e2e')) {
    if (overBudget()) {
      skip('build', 'time budget used up');
      built = false;
    } else built = await build();
  }
  if (wanted('e2e')) {
    if (!built) skip('e2e', 'the build failed');
    else if (overBudget()) skip('e2e', 'time budget used up');
    else await e2e();
  }
} catch (error) {
  fail(error?.stack ?? String(error));
  results.push({ stage: 'setup', status: 'failed', ms: 0, note: error?.message ?? String(error) });
} finally {
  await infra?.stop().catch((e) => warn(`stopping infra: ${e.message}`));
}

banner('summary');
for (const r of results) {
  const status =
    r.status === 'passed'
      ? c.green('passed ')
      : r.status === 'failed'
        ? c.red('FAILED ')
        : c.yellow('skipped');
  console.log(`  ${r.stage.padEnd(10)} ${status} ${seconds(r.ms).padStart(8)}  ${c.dim(r.note)}`);
}
const failedStages = results.filter((r) => r.status === 'failed');
console.log(
  `  ${'total'.padEnd(10)} ${failedStages.length ? c.red('FAILED ') : c.green('passed ')} ${seconds(Date.now() - t0).padStart(8)}  ${failedStages.length ? c.dim(`failed: ${failedStages.map((r) => r.stage).join(', ')}`) : ''}`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedStages.length || counts.failed ? 1 : 0);
