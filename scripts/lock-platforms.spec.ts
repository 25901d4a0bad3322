import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import semver from 'semver';
// @ts-expect-error -- a plain .mjs script without types (it must run before anything is installed)
import { missingOptional, platformOf } from './lock-platforms.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
};

describe('package-lock.json', () => {
  it('has an entry for every optional binding, so `npm ci` accepts it on every platform', () => {
    const missing = [...(missingOptional(lock.packages) as Map<string, unknown>).keys()];
    expect(missing).toEqual([]);
  });

  it('locks no package whose engines exclude the Node the README names (20.19)', () => {
    const excluding = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies('20.19.0', entry.engines!.node!))
      .map(([key, entry]) => `${key}@${entry.version} (node ${entry.engines!.node})`);
    expect(excluding).toEqual([]);
  });
});

describe('platformOf', () => {
  it.each([
    ['@swc/core-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@swc/core-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@unrs/resolver-binding-linux-riscv64-musl', { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] }],
    ['@img/sharp-linuxmusl-x64', { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
    ['@rspack/binding-wasm32-wasi', { cpu: ['wasm32'] }],
    ['@rspack/binding-win32-ia32-msvc', { os: ['win32'], cpu: ['ia32'] }],
  ])('%s', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });

  it('refuses a name that states no platform', () => {
    expect(platformOf('left-pad')).toBeUndefined();
  });
});
