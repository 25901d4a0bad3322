/**
 * Summarises a V8 CPU profile (`node --cpu-prof`) as self time by module and by function,
 * over its last N seconds (so a benchmark's start-up is left out): what issue 13's profiling
 * of the gateway and the auctions service read (services/gateway/README.md).
 *
 *   node --conditions=source --import ./infra/testing/src/swc-register.mjs \
 *     scripts/bench/cpu-profile.ts FILE.cpuprofile [--last 30] [--top 40]
 *
 * "Self" is the time a function ran itself, not what it called; `(native/vm)` gathers the
 * engine, the garbage collector and the system calls (`writev`, `writeUtf8String`: socket
 * writes), `(idle)` the time the thread waited.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { last: { type: 'string' }, top: { type: 'string', default: '40' } },
});
if (positionals.length !== 1) throw new Error('usage: cpu-profile.ts FILE.cpuprofile [--last S] [--top N]');
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const from = values.last ? profile.endTime - Number(values.last) * 1e6 : -Infinity;

const self = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  if (at >= from) self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const short = (url: string) =>
  url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(services|infra|contracts|scripts)\//, '$1/');
function moduleOf(url: string): string {
  if (!url) return '(native/vm)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope, name] = url.slice(inModules + 'node_modules/'.length).split('/');
    return `npm:${scope.startsWith('@') ? `${scope}/${name}` : scope}`;
  }
  if (url.startsWith('node:')) return url;
  const parts = short(url).split('/');
  return parts.slice(0, Math.min(3, parts.length - 1)).join('/');
}

const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
for (const [id, time] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = `${functionName || '(anonymous)'}  ${short(url)}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  byModule.set(moduleOf(url), (byModule.get(moduleOf(url)) ?? 0) + time);
}

function show(title: string, table: Map<string, number>, rows: number): void {
  console.log(`\n${title} (${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, time] of [...table].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(
      `${((100 * time) / total).toFixed(1).padStart(5)}%  ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`,
    );
}
show('self time by module', byModule, 30);
show('self time by function', byFunction, Number(values.top));
