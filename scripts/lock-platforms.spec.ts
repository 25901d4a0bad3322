import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import semver from 'semver';
// @ts-expect-error -- a plain .mjs script without types (it must run before anything is installed)
import { missingOptional, platformOf } from './lock-platforms.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<
    string,
    {
      version?: string;
      engines?: { node?: string };
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    }
  >;
};
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  overrides?: Record<string, unknown>;
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

  it('locks no dependency asked for by a dist-tag (latest, next) unless package.json overrides it', () => {
    // `npm ci` checks such a spec against the registry's tag today: the day the tag moves past
    // the locked version, `npm ci` refuses the lock (lighthouse's trace engine asks for
    // third-party-web@latest).
    const overridden = new Set(Object.keys(manifest.overrides ?? {}));
    const tagged = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.entries({ ...entry.dependencies, ...entry.optionalDependencies })
        .filter(([name, spec]) => !overridden.has(name) && /^[a-z][\w.-]*$/i.test(spec))
        .map(([name, spec]) => `${key} → ${name}@${spec}`),
    );
    expect(tagged).toEqual([]);
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
