/**
 * Where the first load's main-thread script time goes: `/`, a listing page and `/login`, in
 * English and in Arabic, each in a fresh Chromium context with a CPU profile (CDP Profiler)
 * from navigation until no cover or loading placeholder is left. Prints figures; asserts
 * nothing.
 *
 *   npm run build                                   # this script builds nothing itself
 *   npx tsx scripts/bench/js-profile.ts [--runs 3] [--cpu 4] [--top 8] [--page home] [--url URL] [--inclusive]
 *
 * Starts the built gateway alone on a free port (like `weight.ts --gateway-only`: API calls
 * fail, the pages' own scripts only; no lock needed). `--cpu` slows the CPU like Lighthouse's
 * mobile preset (4). Per page, median over the runs: the profile's self time per script file
 * (all of a file's functions) and of the top functions, and the sum of long tasks' time over
 * 50 ms (a blocking time, as Lighthouse's TBT counts it, without its simulation). Times depend
 * on how busy the machine is: compare runs made one after the other, and say the load.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { QUIET_CHROMIUM_ARGS, startBuiltGateway } from './built-gateway.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    top: { type: 'string', default: '8' },
    page: { type: 'string', multiple: true },
    // A running system instead of the built gateway alone (the pages' API calls then answer).
    url: { type: 'string' },
    // Also the top functions by inclusive time (a function and what it calls), per sample once.
    inclusive: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
const cpuRate = Math.max(1, Number(values.cpu) || 1);
const top = Number(values.top) || 8;

const PAGES = [
  { name: 'home en', path: '/?lang=en' },
  { name: 'home ar', path: '/?lang=ar' },
  { name: 'listing en', path: '/buy/properties-for-sale?lang=en' },
  { name: 'listing ar', path: `/${encodeURIComponent('شراء')}/${encodeURIComponent('عقارات-للبيع')}` },
  { name: 'login en', path: '/login?lang=en' },
  { name: 'login ar', path: '/login?lang=ar' },
].filter((p) => !values.page || values.page.some((wanted) => p.name.startsWith(wanted)));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per script file and per function of one profile. */
function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perNode = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of perNode) {
    const { callFrame } = byId.get(id)!;
    const file = callFrame.url ? new URL(callFrame.url).pathname : `(${callFrame.functionName || 'program'})`;
    files.set(file, (files.get(file) ?? 0) + ms);
    if (callFrame.url) {
      const fn = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
      functions.set(fn, (functions.get(fn) ?? 0) + ms);
    }
  }
  // Inclusive: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, ms] of perNode) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at)!;
      if (!callFrame.url) continue;
      const fn = `${callFrame.functionName || '(anonymous)'} ${new URL(callFrame.url).pathname}:${callFrame.lineNumber + 1}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + ms);
    }
  }
  return { files, functions, inclusive };
}

const median = (list: number[]) => {
  const s = [...list].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const gateway = values.url
  ? { url: values.url.replace(/\/$/, ''), stop: () => undefined }
  : await startBuiltGateway('js-profile');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: QUIET_CHROMIUM_ARGS,
});
console.log(
  `${gateway.url}, ${runs} run(s) per page, CPU slowed ${cpuRate}×, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  for (const page of PAGES) {
    const fileRuns = new Map<string, number[]>();
    const fnRuns = new Map<string, number[]>();
    const inclusiveRuns = new Map<string, number[]>();
    const totals: number[] = [];
    const blocking: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const tab = await context.newPage();
      await tab.addInitScript(`(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
          .observe({ type: 'longtask', buffered: true });
      })()`);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await tab.goto(gateway.url + page.path, { waitUntil: 'load', timeout: 120_000 });
      await tab
        .waitForFunction(
          // A function, not a string: the page's CSP refuses eval.
          () =>
            !document.querySelector(
              '#mz-first-paint, [data-testid="session-cover"], [data-testid="language-cover"], [data-testid="remote-loading"], [data-testid="page-loading"]',
            ),
          undefined,
          { timeout: 60_000 },
        )
        .catch((error: Error) =>
          console.warn(`  ${page.name}: ${error.message.split('\n')[0]}; measured as it is`),
        );
      await tab.waitForLoadState('networkidle');
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const longTasks = (await tab.evaluate('window.__longTasks')) as number[];
      blocking.push(longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
      const { files, functions, inclusive } = selfTimes(profile);
      for (const [fn, ms] of inclusive) inclusiveRuns.set(fn, [...(inclusiveRuns.get(fn) ?? []), ms]);
      let scriptTotal = 0;
      for (const [file, ms] of files) {
        if (!file.startsWith('(')) scriptTotal += ms;
        fileRuns.set(file, [...(fileRuns.get(file) ?? []), ms]);
      }
      for (const [fn, ms] of functions) fnRuns.set(fn, [...(fnRuns.get(fn) ?? []), ms]);
      totals.push(scriptTotal);
      await context.close();
    }
    const pad = (list: number[]) => [...list, ...Array(runs - list.length).fill(0)];
    console.log(
      `\n${page.name}: script self time ${median(totals).toFixed(0)} ms, long tasks over 50 ms ${median(blocking).toFixed(0)} ms (median; runs: ${blocking.map((b) => b.toFixed(0)).join(', ')})`,
    );
    const fileRows = [...fileRuns].map(([k, v]) => [k, median(pad(v))] as const).sort((a, b) => b[1] - a[1]);
    for (const [file, ms] of fileRows.slice(0, top + 4))
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${file}`);
    console.log('  top functions:');
    const fnRows = [...fnRuns].map(([k, v]) => [k, median(pad(v))] as const).sort((a, b) => b[1] - a[1]);
    for (const [fn, ms] of fnRows.slice(0, top)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
    if (values.inclusive) {
      console.log('  top functions, inclusive:');
      const rows = [...inclusiveRuns]
        .map(([k, v]) => [k, median(pad(v))] as const)
        .sort((a, b) => b[1] - a[1]);
      for (const [fn, ms] of rows.slice(0, top)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
    }
  }
} finally {
  await browser.close();
  gateway.stop();
}
