#!/usr/bin/env node
// `npm run build`: builds every workspace in dependency order (contracts, infra/*,
// services/*, frontends/ui, the other frontends), skipping packages whose inputs did not
// change since their last successful build. Exit 1 when a package fails.
//   npm run build -- --force          rebuild everything
//   npm run build -- services/listings frontends/shell   only these (folders or names)
import { fail } from './lib/common.mjs';
import { buildAll } from './lib/build.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const picks = args.filter((a) => !a.startsWith('--'));
const only = picks.length
  ? (w) => picks.some((p) => p.replace(/\/$/, '') === w.dir || p === w.name)
  : () => true;

const result = await buildAll({ force, only });
if (result.failed.length) {
  fail(`build failed: ${result.failed.map((f) => f.dir).join(', ')}`);
  process.exit(1);
}
