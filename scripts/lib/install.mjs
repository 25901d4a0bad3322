// The one install routine of `npm start`, `npm test` and CI: `npm ci` when node_modules is
// missing or older than package-lock.json (and really differs), `npm install --offline`
// when a workspace symlink is missing. The lock is complete for every platform
// (scripts/lock-platforms.mjs), so `npm ci` installs exactly the locked versions here and on
// a laptop. Uses no third-party module: it runs before anything is installed.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, readJson, run, say, warn } from './common.mjs';

/** The Node this project needs (package.json `engines.node`, `>=X.Y`) against the running one. */
export function checkNode(version = process.versions.node) {
  const wanted = readJson(path.join(ROOT, 'package.json'), {}).engines?.node ?? '>=20.19';
  const [wMajor, wMinor = 0] = wanted
    .replace(/^>=\s*/, '')
    .split('.')
    .map(Number);
  const [major, minor] = version.split('.').map(Number);
  if (major > wMajor || (major === wMajor && minor >= wMinor)) return undefined;
  return (
    `Manzil needs Node ${wanted.replace(/^>=\s*/, '')} or newer (20.x LTS from 20.${wMinor}, or 22); this is Node ${version}.\n` +
    `  Install it from https://nodejs.org/en/download (or: nvm install 20 && nvm use 20), then run the command again.`
  );
}

function lockDiffers() {
  const lockFile = path.join(ROOT, 'package-lock.json');
  const hiddenFile = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(lockFile)) return false;
  if (!fs.existsSync(hiddenFile)) return true;
  if (fs.statSync(lockFile).mtimeMs <= fs.statSync(hiddenFile).mtimeMs) return false;
  const lock = readJson(lockFile, {}).packages ?? {};
  const hidden = readJson(hiddenFile, {}).packages ?? {};
  for (const [key, entry] of Object.entries(lock)) {
    if (!key.startsWith('node_modules/') || entry.optional || entry.link) continue;
    if (hidden[key]?.version !== entry.version) return true;
  }
  return false;
}

function missingWorkspaceLinks() {
  const pkg = readJson(path.join(ROOT, 'package.json'), {});
  const missing = [];
  for (const pattern of pkg.workspaces ?? []) {
    const dirs = pattern.endsWith('/*')
      ? (fs.existsSync(path.join(ROOT, pattern.slice(0, -2)))
          ? fs.readdirSync(path.join(ROOT, pattern.slice(0, -2)))
          : []
        ).map((d) => `${pattern.slice(0, -2)}/${d}`)
      : [pattern];
    for (const dir of dirs) {
      const name = readJson(path.join(ROOT, dir, 'package.json'))?.name;
      if (name && !fs.existsSync(path.join(ROOT, 'node_modules', name))) missing.push(name);
    }
  }
  return missing;
}

/** Returns the ms spent installing (0 when nothing was needed). Throws when npm fails. */
export async function ensureInstalled() {
  const tooOld = checkNode();
  if (tooOld) throw Object.assign(new Error(tooOld), { plain: true });
  const started = Date.now();
  let did = false;
  const absent = !fs.existsSync(path.join(ROOT, 'node_modules'));
  if (absent || lockDiffers()) {
    say(
      absent
        ? 'node_modules is missing: installing the locked versions (npm ci)'
        : 'package-lock.json changed since the last install: installing the locked versions (npm ci)',
    );
    did = true;
    // --prefer-offline: a tarball already in npm's cache is taken as it is (the lock's integrity
    // checks it) instead of being revalidated with the registry; what is missing is still
    // fetched. 57.5 s -> 50.9 s wall, 43.8 -> 28.8 s user CPU on a warm cache (2026-11-30, one
    // run each, load 1.6-3.9).
    const r = await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { stdio: 'inherit' });
    if (r.code !== 0) {
      throw Object.assign(
        new Error(
          'npm ci failed (see its output above). If it names a package missing from the lock, run\n' +
            '  npm install && node scripts/lock-platforms.mjs\n' +
            'and commit package-lock.json; if it could not reach the registry, check the network and run the command again.',
        ),
        { plain: true },
      );
    }
  }
  const missing = missingWorkspaceLinks();
  if (missing.length) {
    say(`linking new workspaces (${missing.join(', ')}): npm install --offline`);
    did = true;
    const r = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], { stdio: 'inherit' });
    if (r.code !== 0) warn('npm install --offline failed; run `npm install` yourself');
  }
  return did ? Date.now() - started : 0;
}
