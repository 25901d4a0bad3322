import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

// The webpack loader that ships the catalogues as ICU ASTs (webpack.common.cjs): what the
// browser formats must be what the catalogue says, for every message of every frontend.
const require = createRequire(import.meta.url);
const loader = require('./messages-ast-loader.cjs') as (this: unknown, source: string) => void;
const FRONTENDS = path.resolve(import.meta.dirname, '..');

function compile(source: string, resourcePath = 'test.json'): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    loader.call(
      {
        resourcePath,
        async: () => (error: Error | null, output?: string) =>
          error ? reject(error) : resolve(JSON.parse(output ?? '') as Record<string, unknown>),
      },
      source,
    );
  });
}

const catalogues = readdirSync(FRONTENDS).flatMap((app) =>
  ['src/i18n', 'src/messages']
    .map((dir) => path.join(FRONTENDS, app, dir))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => ['en.json', 'ar.json'].map((file) => path.join(dir, file)))
    .filter((file) => existsSync(file)),
);

/** A value for every argument a message names, so plural, select and plain arguments all format. */
function sampleValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name, kind] of message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*(?:,\s*(\w+))?/g))
    values[name] = kind === 'plural' || kind === 'selectordinal' || kind === 'number' ? 2 : 'x';
  return values;
}

describe('messages-ast-loader', () => {
  it('finds the six frontends’ catalogues', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(12);
  });

  it.each(catalogues.map((file) => [path.relative(FRONTENDS, file), file]))(
    '%s formats from its AST exactly as from its text',
    async (_name, file) => {
      const source = readFileSync(file, 'utf8');
      const messages = JSON.parse(source) as Record<string, string>;
      const compiled = await compile(source, file);
      expect(Object.keys(compiled)).toEqual(Object.keys(messages));
      // ASTs, not the texts again: the browser has no parser for a text.
      expect(Object.values(compiled).filter((value) => !Array.isArray(value))).toEqual([]);
      const locale = file.endsWith('ar.json') ? 'ar' : 'en';
      for (const [id, text] of Object.entries(messages)) {
        const values = sampleValues(text);
        const fromAst = new IntlMessageFormat(compiled[id] as never, locale).format(values);
        const fromText = new IntlMessageFormat(text, locale).format(values);
        expect([id, fromAst]).toEqual([id, fromText]);
      }
    },
  );

  it('refuses a message that is not ICU, naming the file and the message', async () => {
    await expect(
      compile('{"a.ok": "fine", "a.broken": "{count, plural, one {x}"}', 'x/en.json'),
    ).rejects.toThrow(/x\/en\.json: a\.broken is not a valid ICU message/);
  });
});
