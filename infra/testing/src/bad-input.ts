import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { Site } from '@manzil/contracts';
import { baseUrlOf, rawRequest, type RawResponse } from './http.js';
import { tokenFor } from './tokens.js';

/**
 * A property-based bad-input driver: reads a running service's own /openapi.json and, for
 * every operation in it, sends requests built from generated bad input (control characters,
 * huge strings, wrong types, odd Unicode, broken JSON, path parameters such as `%00`, `..` or
 * very long ids, negative and NaN numbers), anonymous, with a bad token and with a token of
 * each role. Every answer must be below 500; unless the operation speaks an outside service's
 * protocol (`x-protocol`), every error and every JSON answer is the envelope
 * `{ status, success, message, results }`, an error's message in Arabic when asked in Arabic.
 */

type Role = 'user' | 'agent' | 'company' | 'admin';
const ROLES: Role[] = ['user', 'agent', 'company', 'admin'];

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApi {
  paths?: Record<
    string,
    Record<
      string,
      {
        description?: string;
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
        'x-protocol'?: string;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  /** OpenAPI form: `/v1/pages/{slug}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: JsonSchema;
  /** The role most likely to get past the guard (from "Roles: ..." in the description). */
  role?: Role;
  /** An outside service's protocol (`x-protocol`): its answers and errors are not our envelope. */
  bare: boolean;
  /** A success that is bare JSON (`answers: 'json'`); its errors are still the envelope. */
  bareSuccess: boolean;
  /** A success is the JSON envelope (not an image or a page). */
  envelope: boolean;
}

/** One generated request. */
export interface BadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** For the report: who asked. */
  as: Role | 'anonymous' | 'bad token';
}

export interface BadInputFailure {
  operation: string;
  request: BadRequest;
  problem: string;
  status?: number;
  answer?: string;
}

export interface BadInputOptions {
  /** Random requests per operation, on top of the fixed cases (default 6). */
  numRuns?: number;
  /** fast-check seed, printed in the report so a failure can be replayed. */
  seed?: number;
  /** Operations not to drive at all (say why where you pass it). */
  skip?: (operation: Operation) => boolean;
}

export interface BadInputReport {
  seed: number;
  operations: string[];
  requests: number;
  failures: BadInputFailure[];
  /** Routes the application serves that its OpenAPI document does not describe. */
  undocumented: string[];
}

// ---------------------------------------------------------------------------------------
// What bad input looks like

const CONTROL_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
];
const ODD_UNICODE = [
  '\u202e', // right-to-left override
  '\ufeff', // byte order mark
  '\u200f\u200e', // direction marks
  '\u200d', // zero-width joiner
  'e\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  '👨‍👩‍👧‍👦🏽',
  '\ud800', // lone high surrogate
  '\udc00', // lone low surrogate
  'ﷺ',
  '١٢٣٤٥', // Arabic-Indic digits
  '\uffff',
  '𝕄𝕒𝕟𝕫𝕚𝕝',
  'İı',
];
const NASTY_TEXT = [
  '',
  ' ',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '__proto__',
  'null',
  'NaN',
  '-1',
  '1e309',
];

const badString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_CHARS), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.constantFrom(...ODD_UNICODE),
  fc.constantFrom(...NASTY_TEXT),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -1e308, 1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(
  null,
  true,
  false,
  [],
  {},
  [[[]]],
  { '': {} },
  'text',
  42,
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(badString, badNumber, wrongType);

/** Path segments as sent (already escaped, or deliberately not). */
const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '%0A',
  '%7F',
  '%C2%85',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%zz',
  '%',
  '%ff',
  '%ED%A0%80',
  '%C0%80',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  encodeURIComponent('١٢٣'),
  encodeURIComponent('🏠'),
  encodeURIComponent("' or 1=1 --"),
  encodeURIComponent('\u202e'),
  'a'.repeat(4_000),
  '%41'.repeat(1_000),
];
const badSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_SEGMENTS),
  badString.filter((s) => s.length < 2_000).map(escapeLoosely),
);

/** Query values as sent (escaped or deliberately broken). */
const BAD_QUERY_VALUES = [
  '%00',
  '%zz%00',
  '%zz',
  '%ff',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999',
  '1.5',
  'true',
  'null',
  '',
  '%20',
  encodeURIComponent('١٢'),
  'x'.repeat(5_000),
];
const badQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_QUERY_VALUES),
  badString.filter((s) => s.length < 3_000).map(escapeLoosely),
);

/** Bodies that are not JSON, or not what the content type says. */
const BAD_JSON_TEXTS = [
  '{',
  '{"a":',
  'nul',
  'tru',
  '[1,]',
  '{"a":1}x',
  '\ufeff{}',
  '',
  '"\\u0000"',
  '{"a":"\\u0000"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '1e999',
  '{"a":1e999}',
];

/** encodeURIComponent, but a lone surrogate (which it refuses) is sent as a broken escape. */
function escapeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

// ---------------------------------------------------------------------------------------
// What good input looks like (from the JSON schemas), so mutated input gets past the
// first checks and reaches the code behind them

function resolve(schema: JsonSchema | undefined, doc: OpenApi): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').at(-1) ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

/** Built once per pattern: building a string arbitrary costs far more than drawing from it. */
const patternArbitraries = new Map<string, fc.Arbitrary<string> | undefined>();

function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  if (patternArbitraries.has(pattern)) return patternArbitraries.get(pattern);
  // zod-to-openapi writes a regex's flags after its source ("...$/u"): take them back off.
  const flagged = /^(.*)\/([a-z]+)$/.exec(pattern);
  const [source, flags] = flagged ? [flagged[1], flagged[2]] : [pattern, ''];
  // Latin and Arabic letters and digits stand for \p{L} and \p{N}: a class over all of
  // Unicode takes seconds to build (see TEXT_UNIT).
  const narrowed = source
    .replaceAll('\\p{L}', 'a-zA-Z\u0621-\u064a')
    .replaceAll('\\p{N}', '0-9\u0660-\u0669');
  let arbitrary: fc.Arbitrary<string> | undefined;
  try {
    arbitrary = fc
      .stringMatching(new RegExp(narrowed, flags.includes('u') ? 'u' : ''))
      .filter((s) => s.length < 200);
  } catch {
    arbitrary = undefined;
  }
  patternArbitraries.set(pattern, arbitrary);
  return arbitrary;
}

function goodValue(input: JsonSchema | undefined, doc: OpenApi, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, doc);
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => goodValue(s, doc, depth + 1)));
  if (schema.allOf?.length) return goodValue(schema.allOf[0], doc, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => goodValue({ ...schema, type }, doc, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000, 1_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1_000, -1_000_000),
        max: Math.min(schema.maximum ?? 1_000, 1_000_000),
        noNaN: true,
      });
    case 'string':
      return goodString(schema);
    case 'array':
      return fc.array(goodValue(schema.items, doc, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = goodValue(value, doc, depth + 1);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function goodString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'email':
      return fc.stringMatching(/^[a-z]{1,10}@example\.(com|ae|sa)$/);
    case 'uri':
    case 'url':
      return fc.constantFrom('https://example.com/a.jpg', '/api/content/v1/media/a.svg');
  }
  const fromPattern = schema.pattern ? patternArbitrary(schema.pattern) : undefined;
  if (fromPattern) return fromPattern;
  const minLength = schema.minLength ?? 0;
  return textOf(minLength, Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)));
}

/**
 * The characters of plausible text: Latin, Arabic (letters, Arabic-Indic digits, marks),
 * emoji. Not fast-check's 'grapheme' unit: building a string arbitrary over the whole Unicode
 * table takes about a second each time, and the odd characters come from the bad values anyway.
 */
const TEXT_UNIT = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,@+/',
  ...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإةى٠١٢٣٤٥٦٧٨٩،',
  'é',
  'ß',
  '🏠',
  '👍🏽',
);
const texts = new Map<string, fc.Arbitrary<string>>();
function textOf(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const key = `${minLength}:${maxLength}`;
  let text = texts.get(key);
  if (!text) {
    text = fc.string({ unit: TEXT_UNIT, minLength, maxLength });
    texts.set(key, text);
  }
  return text;
}

/** Replaces one value somewhere inside `value` (or adds a key, or drops one). */
function mutate(value: unknown, bad: unknown, pick: number, action: number): unknown {
  const slots: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node))
      node.forEach((item, index) => (slots.push({ parent: node, key: index }), walk(item)));
    else if (typeof node === 'object' && node !== null)
      for (const [key, item] of Object.entries(node)) {
        slots.push({ parent: node as Record<string, unknown>, key });
        walk(item);
      }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (!slots.length) return bad;
  const slot = slots[pick % slots.length];
  const parent = slot.parent as Record<string | number, unknown>;
  if (action % 5 === 0 && !Array.isArray(parent)) delete parent[slot.key];
  else if (action % 5 === 1 && !Array.isArray(parent)) parent[`extra${action}`] = bad;
  else parent[slot.key] = bad;
  return copy;
}

// ---------------------------------------------------------------------------------------
// The requests

function operationsOf(doc: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const description = operation.description ?? '';
      const role =
        ROLES.find((r) => new RegExp(`\\b${r}\\b`).test(description)) ??
        (/signed|any/i.test(description) ? 'user' : undefined);
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        role,
        bare: Boolean(operation['x-protocol']),
        // `answers: 'json'` (a JWK set, say): its success is bare JSON, its errors the envelope.
        bareSuccess: operation.responses?.['200']?.description === 'json',
        envelope:
          !operation['x-protocol'] && 'application/json' in (operation.responses?.['200']?.content ?? {}),
      });
    }
  }
  return operations;
}

interface Identities {
  token(role: Role, site: Site): string;
}

async function mintIdentities(): Promise<Identities> {
  const tokens = new Map<string, string>();
  for (const role of ROLES)
    for (const site of ['ae', 'sa'] as const) tokens.set(`${role}:${site}`, await tokenFor(role, { site }));
  return { token: (role, site) => tokens.get(`${role}:${site}`) ?? '' };
}

function fillPath(operation: Operation, segments: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? 'x');
}

interface RequestParts {
  segments: Record<string, string>;
  query: string[];
  body?: { text: string; contentType: string };
  as: BadRequest['as'];
  site: Site;
  language: 'en' | 'ar';
}

function assemble(operation: Operation, parts: RequestParts, identities: Identities): BadRequest {
  const headers: Record<string, string> = { 'x-site': parts.site, language: parts.language };
  if (parts.as === 'bad token') headers.authorization = 'Bearer not.a.token';
  else if (parts.as !== 'anonymous')
    headers.authorization = `Bearer ${identities.token(parts.as, parts.site)}`;
  if (parts.body) {
    headers['content-type'] = parts.body.contentType;
    headers['content-length'] = String(Buffer.byteLength(parts.body.text));
  }
  const query = parts.query.length ? `?${parts.query.join('&')}` : '';
  return {
    method: operation.method,
    path: `${fillPath(operation, parts.segments)}${query}`,
    headers,
    body: parts.body?.text,
    as: parts.as,
  };
}

function requestArbitrary(operation: Operation, doc: OpenApi): fc.Arbitrary<Omit<RequestParts, never>> {
  const segment = (param: Parameter) =>
    fc.oneof(
      { weight: 1, arbitrary: goodValue(param.schema, doc).map((v) => escapeLoosely(String(v))) },
      { weight: 2, arbitrary: badSegment },
    );
  const segments = fc.record(
    Object.fromEntries(operation.pathParams.map((param) => [param.name, segment(param)])),
  ) as fc.Arbitrary<Record<string, string>>;

  const queryPair = (param: Parameter) =>
    fc.oneof(
      goodValue(param.schema, doc).map((v) => [`${param.name}=${escapeLoosely(String(v))}`]),
      badQueryValue.map((v) => [`${param.name}=${v}`]),
      fc.tuple(badQueryValue, badQueryValue).map(([a, b]) => [`${param.name}=${a}`, `${param.name}=${b}`]),
      fc.constant([`${param.name}[x]=1`]),
    );
  const documented = fc
    .tuple(...operation.queryParams.map((param) => fc.option(queryPair(param), { nil: undefined })))
    .map((pairs) => pairs.flatMap((pair) => pair ?? []));
  const extra = fc.option(
    fc
      .tuple(badString.filter((s) => s.length < 100).map(escapeLoosely), badQueryValue)
      .map(([k, v]) => `${k}=${v}`),
    { nil: undefined },
  );
  const query = fc.tuple(documented, extra).map(([pairs, more]) => (more ? [...pairs, more] : pairs));

  const json = (value: unknown) => ({
    text: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  const body = operation.body
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: fc
            .tuple(goodValue(operation.body, doc), badValue, fc.nat(), fc.nat())
            .map(([good, bad, pick, action]) => json(mutate(good, bad, pick, action))),
        },
        { weight: 1, arbitrary: goodValue(operation.body, doc).map(json) },
        { weight: 1, arbitrary: badValue.map(json) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...BAD_JSON_TEXTS)
            .map((text) => ({ text, contentType: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { text: '{"a":1}', contentType: 'text/plain' },
            { text: 'a=1&b[c]=2', contentType: 'application/x-www-form-urlencoded' },
            { text: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
            { text: '{}', contentType: 'application/json; charset=latin1' },
          ),
        },
      )
    : fc.constant(undefined);

  return fc.record({
    segments,
    query,
    body,
    as: fc.constantFrom<BadRequest['as']>(
      'anonymous',
      'bad token',
      ...ROLES,
      ...(operation.role ? [operation.role, operation.role] : []),
    ),
    site: fc.constantFrom<Site>('ae', 'sa'),
    language: fc.constantFrom<'en' | 'ar'>('en', 'ar'),
  });
}

/** Always sent, whatever the random runs find: the classic cases, once each, as the likely role. */
function fixedCases(operation: Operation, doc: OpenApi): RequestParts[] {
  const as: BadRequest['as'] = operation.role ?? 'anonymous';
  const base = { segments: {} as Record<string, string>, query: [] as string[], as, site: 'ae' as Site };
  const cases: RequestParts[] = [];
  const filler = Object.fromEntries(
    operation.pathParams.map((p) => [
      p.name,
      fc.sample(goodValue(p.schema, doc), { numRuns: 1, seed: 1 })[0],
    ]),
  );
  const goodSegments = Object.fromEntries(
    Object.entries(filler).map(([k, v]) => [k, escapeLoosely(String(v))]),
  );
  for (const param of operation.pathParams)
    for (const segment of ['%00', '..', 'a'.repeat(4_000), '-1', '%ED%A0%80'])
      cases.push({ ...base, segments: { ...goodSegments, [param.name]: segment }, language: 'ar' });
  for (const param of operation.queryParams)
    for (const value of ['%00', '-1', '99999999999999999999'])
      cases.push({ ...base, segments: goodSegments, query: [`${param.name}=${value}`], language: 'en' });
  if (operation.body) {
    const good = fc.sample(goodValue(operation.body, doc), { numRuns: 1, seed: 1 })[0];
    const json = (value: unknown) => ({
      text: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
    });
    for (const body of [
      json([]),
      json(good),
      json(mutate(good, 'nul\u0000', 0, 2)),
      json(mutate(good, 'x'.repeat(300_000), 1, 2)),
      { text: '{"a":', contentType: 'application/json' },
    ])
      cases.push({ ...base, segments: goodSegments, body, language: 'ar' });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------
// The checks

const ARABIC = /[\u0600-\u06ff]/;

function problemWith(operation: Operation, request: BadRequest, response: RawResponse): string | undefined {
  if (response.status >= 500) return `answered ${response.status}`;
  if (operation.bare) return undefined;
  const isJson = /json/.test(String(response.headers['content-type'] ?? ''));
  if (response.status >= 400 && !isJson) return `error ${response.status} without the JSON envelope`;
  if (response.status < 300 && operation.envelope && !isJson)
    return `success ${response.status} without the envelope`;
  if (!isJson || (operation.bareSuccess && response.status < 300)) return undefined;
  const body = response.json as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return 'JSON that is not an object';
  if (body.status !== response.status)
    return `envelope status ${String(body.status)} ≠ HTTP ${response.status}`;
  if (body.success !== response.status < 400) return `envelope success ${String(body.success)}`;
  if (typeof body.message !== 'string' || !body.message) return 'envelope without a message';
  if (!('results' in body)) return 'envelope without results';
  if (response.status >= 400 && request.headers.language === 'ar' && !ARABIC.test(body.message))
    return `message not in Arabic: ${body.message}`;
  return undefined;
}

/** The routes (method and Express path template) the application serves. */
export function servedRoutes(app: INestApplication): { method: string; path: string }[] {
  const express = app.getHttpAdapter().getInstance() as {
    router?: { stack?: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  return (express.router?.stack ?? []).flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map((method) => ({ method: method.toUpperCase(), path: route.path }))
      : [],
  );
}

/** Express routes the app serves that no operation of the document describes. */
function undocumentedRoutes(app: INestApplication, operations: Operation[]): string[] {
  const samples = operations.map((op) => ({
    method: op.method,
    path: op.path.replace(/\{\w+\}/g, 'sample'),
  }));
  return servedRoutes(app)
    .filter(({ path }) => path !== '/openapi.json' && path !== '/metrics')
    .filter(({ method, path }) => {
      const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
      return !samples.some((s) => s.method === method && pattern.test(s.path));
    })
    .map(({ method, path }) => `${method} ${path}`);
}

/**
 * Drives every operation of the app's /openapi.json with fixed and generated bad input.
 * `expect(report.failures).toEqual([])` and `expect(report.undocumented).toEqual([])` in
 * the service's spec.
 */
export async function driveBadInput(
  app: INestApplication,
  options: BadInputOptions = {},
): Promise<BadInputReport> {
  const baseUrl = baseUrlOf(app);
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const docResponse = await rawRequest(baseUrl, { path: '/openapi.json' });
  const doc = docResponse.json as OpenApi;
  const operations = operationsOf(doc).filter((op) => !options.skip?.(op));
  const identities = await mintIdentities();
  const failures: BadInputFailure[] = [];
  let requests = 0;

  const send = async (operation: Operation, request: BadRequest): Promise<string | undefined> => {
    requests += 1;
    const name = `${operation.method} ${operation.path}`;
    let response: RawResponse;
    try {
      response = await rawRequest(baseUrl, { ...request, timeoutMs: 15_000 });
    } catch (error) {
      failures.push({ operation: name, request: brief(request), problem: (error as Error).message });
      return (error as Error).message;
    }
    const problem = problemWith(operation, request, response);
    if (problem)
      failures.push({
        operation: name,
        request: brief(request),
        problem,
        status: response.status,
        answer: response.text.slice(0, 300),
      });
    return problem;
  };

  for (const operation of operations) {
    for (const parts of fixedCases(operation, doc))
      await send(operation, assemble(operation, parts, identities));
    await fc.check(
      fc.asyncProperty(requestArbitrary(operation, doc), async (parts) => {
        const problem = await send(operation, assemble(operation, parts, identities));
        return problem === undefined;
      }),
      // A failure is reported as found: no shrinking, so one bad endpoint cannot eat the time budget.
      { numRuns: options.numRuns ?? 6, seed, endOnFailure: true },
    );
  }
  return {
    seed,
    operations: operations.map((op) => `${op.method} ${op.path}`),
    requests,
    failures: dedupe(failures),
    undocumented: undocumentedRoutes(app, operations),
  };
}

/** Long values shortened, so a report stays readable. */
function brief(request: BadRequest): BadRequest {
  const cut = (value: string) => (value.length > 200 ? `${value.slice(0, 200)}…(${value.length})` : value);
  const { authorization: _token, ...headers } = request.headers;
  return { ...request, path: cut(request.path), body: request.body && cut(request.body), headers };
}

/** One failure per operation and problem kind. */
function dedupe(failures: BadInputFailure[]): BadInputFailure[] {
  const seen = new Set<string>();
  return failures.filter((failure) => {
    const key = `${failure.operation} ${failure.problem.replace(/\d+/g, 'N').slice(0, 40)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
