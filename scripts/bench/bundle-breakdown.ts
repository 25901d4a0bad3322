/**
 * What each built frontend chunk is made of: for every `.js` file in frontends/<app>/dist,
 * its minified bytes attributed to the source files (and npm packages) its source map names.
 * Prints figures; asserts nothing.
 *
 *   npm run build                                          # this script builds nothing itself
 *   npx tsx scripts/bench/bundle-breakdown.ts [--app shell] [--app customer] [--top 12]
 *   npx tsx scripts/bench/bundle-breakdown.ts --files 327.5a0ffef9.js,205.289521ca.js
 *
 * A byte counts for the source of the mapping that covers it (each mapping runs to the next);
 * bytes no mapping covers (webpack's runtime glue) count as "(unmapped)". Packages are grouped
 * (`node_modules/<pkg>`), our own sources are listed by path. Pair it with `weight.ts`, which
 * names the chunks a page loads.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    app: { type: 'string', multiple: true },
    files: { type: 'string' },
    top: { type: 'string', default: '12' },
  },
});
const apps = values.app ?? ['shell', 'customer', 'agent-portal', 'company-portal', 'admin'];
const only = values.files ? new Set(values.files.split(',')) : null;
const top = Number(values.top) || 12;

function label(source: string): string {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = clean.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return clean.replace(/^(\.\.\/)+/, '');
}

function breakdown(file: string): { total: number; parts: Map<string, number> } {
  const code = readFileSync(file, 'utf8');
  const lines = code.split('\n');
  const parts = new Map<string, number>();
  const total = Buffer.byteLength(code);
  if (!existsSync(`${file}.map`)) return { total, parts: new Map([['(no map)', total]]) };
  const consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const mappings: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  let covered = 0;
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    const next = mappings[i + 1];
    const lineText = lines[m.line - 1] ?? '';
    const end = next && next.line === m.line ? next.column : lineText.length;
    const bytes = Buffer.byteLength(lineText.slice(m.column, end));
    covered += bytes;
    const key = m.source ? label(m.source) : '(unmapped)';
    parts.set(key, (parts.get(key) ?? 0) + bytes);
  }
  parts.set('(unmapped)', (parts.get('(unmapped)') ?? 0) + Math.max(0, total - covered));
  return { total, parts };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const app of apps) {
  const dist = path.join(ROOT, 'frontends', app, 'dist');
  if (!existsSync(dist)) continue;
  const files = readdirSync(dist)
    .filter((f) => f.endsWith('.js') && (!only || only.has(f)))
    .map((f) => ({ f, ...breakdown(path.join(dist, f)) }))
    .sort((a, b) => b.total - a.total);
  if (!files.length) continue;
  console.log(`\n== ${app} (${files.length} scripts) ==`);
  for (const { f, total, parts } of files) {
    const sorted = [...parts].sort((a, b) => b[1] - a[1]);
    const pkgs = new Map<string, number>();
    for (const [k, v] of sorted) {
      const key = k.startsWith('npm:') ? k : k.split('/').slice(0, 3).join('/');
      pkgs.set(key, (pkgs.get(key) ?? 0) + v);
    }
    console.log(`${f}  ${kb(total)} minified`);
    for (const [k, v] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`    ${kb(v).padStart(9)}  ${k}`);
    }
  }
}
