/**
 * What React renders during a page's first load: every commit, with the number of fibers it
 * rendered anew (new props), the components whose own state changed, and the components that
 * rendered most, beside the browser's long tasks. Counts, not times: they do not depend on how
 * busy the machine is, so a change that renders less shows here on any machine. Prints figures;
 * asserts nothing.
 *
 *   npm run build                  # this script builds nothing itself
 *   MANZIL_KEEP_NAMES=1 npm run build -w frontends/shell -w frontends/customer   # component names
 *   npx tsx scripts/bench/react-commits.ts [--url http://ae.localhost:3000] [--page /login?lang=ar]
 *     [--cpu 4] [--wait 6000]
 *
 * Without --url it starts the built gateway alone (API calls fail: more commits than a real
 * page, each failed query renders its error). It listens as React DevTools do, through the
 * `__REACT_DEVTOOLS_GLOBAL_HOOK__` React's production build calls on each commit. A minified
 * build names components by one or two letters: build with MANZIL_KEEP_NAMES=1 to read them.
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { QUIET_CHROMIUM_ARGS, startBuiltGateway } from './built-gateway.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    page: { type: 'string', multiple: true },
    cpu: { type: 'string', default: '1' },
    wait: { type: 'string', default: '6000' },
  },
});
const pages = values.page ?? ['/?lang=ar', '/buy/properties-for-sale?lang=en', '/login?lang=en'];

// A string, not a function: the page's CSP refuses eval, and tsx would add helpers a page lacks.
const HOOK = `
  window.__commits = []; window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  const nameOf = (fiber) => typeof fiber.type === 'function' ? fiber.type.displayName || fiber.type.name || null : null;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      const counts = {}, stateful = [];
      const stack = [root.current.child];
      while (stack.length) {
        const fiber = stack.pop();
        if (!fiber) continue;
        const name = nameOf(fiber);
        // Hooks hold their state in memoizedState: a component whose state changed rendered for it.
        if (name && fiber.alternate && fiber.alternate.memoizedState !== fiber.memoizedState && stateful.length < 6) stateful.push(name);
        if (!fiber.alternate || fiber.alternate.memoizedProps !== fiber.memoizedProps) {
          rendered++;
          if (name) counts[name] = (counts[name] || 0) + 1;
        }
        stack.push(fiber.sibling, fiber.child);
      }
      const most = Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, c]) => n + ' ' + c);
      window.__commits.push({ at: Math.round(performance.now()), rendered, stateful, most });
    },
  };`;

interface Commit {
  at: number;
  rendered: number;
  stateful: string[];
  most: string[];
}

const gateway = values.url
  ? { url: values.url.replace(/\/$/, ''), stop: () => undefined }
  : await startBuiltGateway('react-commits');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: QUIET_CHROMIUM_ARGS });
try {
  for (const path of pages) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const tab = await context.newPage();
    await tab.addInitScript(HOOK);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Math.max(1, Number(values.cpu) || 1) });
    await tab.goto(gateway.url + path);
    await tab.waitForTimeout(Number(values.wait));
    const { commits, longTasks } = (await tab.evaluate(
      '({ commits: window.__commits, longTasks: window.__longTasks })',
    )) as { commits: Commit[]; longTasks: [number, number][] };
    const total = commits.reduce((sum, c) => sum + c.rendered, 0);
    console.log(`\n${path}: ${commits.length} commits, ${total} fibers rendered (CPU ${values.cpu}×)`);
    for (const c of commits)
      console.log(
        `  ${String(c.at).padStart(6)} ms ${String(c.rendered).padStart(5)}  state: ${c.stateful.join(', ') || '-'}  most: ${c.most.join(', ')}`,
      );
    const blocking = longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    console.log(
      `  long tasks (start ms, duration ms): ${JSON.stringify(longTasks)}; over 50 ms: ${blocking} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  gateway.stop();
}
