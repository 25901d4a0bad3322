#!/usr/bin/env node
// Completes package-lock.json with the other platforms' native bindings.
//
// The registry our machines reach serves only the bindings of the platforms it hosts, so
// `npm install` here writes a lock without entries for, say, `@swc/core-darwin-arm64`, and
// `npm ci` then refuses the lock everywhere ("Missing: @swc/core-darwin-arm64@ from lock
// file"). Such a binding is an optional dependency pinned to an exact version by its parent,
// and npm decides whether to fetch it from its `os`/`cpu`/`libc` fields alone. This script
// adds each missing one with its pinned version and the platform its name states, so `npm ci`
// accepts the lock here (it skips foreign platforms without fetching them) and on a laptop
// (it fetches its own binding by name and version from the full registry).
//
//   node scripts/lock-platforms.mjs          add what is missing (run after `npm install`)
//   node scripts/lock-platforms.mjs --check  exit 1 and list what is missing
// Uses no third-party module: it runs before anything is installed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = path.join(ROOT, 'package-lock.json');

const OSES = [
  'darwin',
  'linux',
  'linuxmusl',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'android',
  'openharmony',
];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

/** The platform a binding's name states: `@swc/core-linux-arm-gnueabihf` → linux, arm, glibc. */
export function platformOf(name) {
  const tokens = name.replace(/^@[^/]+\//, '').split('-');
  const os = tokens.find((t) => OSES.includes(t));
  const cpu = tokens.find((t) => CPUS.includes(t));
  if (!cpu || (!os && cpu !== 'wasm32')) return undefined;
  const entry = {};
  if (os) entry.os = [os === 'linuxmusl' ? 'linux' : os];
  entry.cpu = [cpu];
  if (os === 'linuxmusl' || tokens.some((t) => t === 'musl' || t === 'musleabihf')) entry.libc = ['musl'];
  else if (tokens.some((t) => t === 'gnu' || t === 'gnueabihf')) entry.libc = ['glibc'];
  return entry;
}

/** Optional dependencies that no lock entry resolves, as npm would look them up (nested, then hoisted). */
export function missingOptional(packages) {
  const missing = new Map();
  for (const [key, entry] of Object.entries(packages)) {
    for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
      let base = key;
      let found = false;
      for (;;) {
        if (packages[`${base ? `${base}/` : ''}node_modules/${dep}`]) {
          found = true;
          break;
        }
        if (!base) break;
        const at = base.lastIndexOf('/node_modules/');
        base = at < 0 ? '' : base.slice(0, at);
      }
      if (!found) missing.set(dep, { range, parent: key });
    }
  }
  return missing;
}

function main() {
  const check = process.argv.includes('--check');
  const text = fs.readFileSync(LOCK, 'utf8');
  const lock = JSON.parse(text);
  const missing = missingOptional(lock.packages);
  if (!missing.size) {
    if (!check) console.log('lock-platforms: package-lock.json is complete');
    return 0;
  }
  if (check) {
    console.error(
      `lock-platforms: package-lock.json lacks ${missing.size} optional bindings (run node scripts/lock-platforms.mjs):\n` +
        [...missing].map(([dep, { range, parent }]) => `  ${dep}@${range} (from ${parent})`).join('\n'),
    );
    return 1;
  }
  const unknown = [];
  for (const [dep, { range }] of missing) {
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) {
      unknown.push(`${dep}@${range}`);
      continue;
    }
    lock.packages[`node_modules/${dep}`] = { version: range, optional: true, ...platform };
  }
  if (unknown.length) {
    console.error(`lock-platforms: cannot tell the platform or exact version of: ${unknown.join(', ')}`);
    return 1;
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'),
    ),
  );
  fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lock-platforms: added ${missing.size} bindings of other platforms to package-lock.json`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
