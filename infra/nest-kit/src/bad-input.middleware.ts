import { unescape } from 'node:querystring';
import type { NextFunction, Request, Response } from 'express';
import { fieldMessage } from '@manzil/contracts';
import { AppException } from './app.exception.js';
import { currentContext } from './context.js';

/**
 * Control characters: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). None has a use in an
 * address, a query or a field of ours; NUL is also refused by Postgres ("invalid byte sequence
 * for encoding UTF8: 0x00"), which made such a request a 500 before it was refused here.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but a body's text may hold tabs and line breaks (a description typed in a textarea). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Deeper than any body of ours; a deeper one is an attack on the recursion of the validators. */
export const MAX_BODY_DEPTH = 32;

const FIELD_MESSAGE = 'text.characters';
const ASCII = /^[\u0021-\u007e]*$/;

/** Half of a UTF-16 pair without the other half: not a character, and not storable as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string we can store and compare: no control characters, no lone UTF-16 surrogate. */
function badText(value: string, control: RegExp): boolean {
  return control.test(value) || LONE_SURROGATE.test(value);
}

/** `decodeURIComponent` that says "no" instead of throwing on a broken escape or invalid UTF-8. */
function strictDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Exactly as Express's query parser (node:querystring) reads it: `+` is a space, and a broken
 * escape stays as typed while the valid ones around it are still decoded (so `a%zz%00` is
 * read with its NUL).
 */
function queryDecode(value: string): string {
  return unescape(value.replace(/\+/g, ' '));
}

/**
 * The address must be ASCII (RFC 3986), its escapes complete and valid UTF-8, and nothing it
 * decodes to a control character. Refused paths never reach routing, so a handler's parameters
 * are always clean text.
 */
function pathIsBad(path: string): boolean {
  const decoded = strictDecode(path);
  return decoded === undefined || badText(decoded, CONTROL);
}

/** The query's names that carry a control character (after decoding), for the field list. */
function badQueryFields(query: string): string[] {
  const fields = new Set<string>();
  for (const pair of query.split('&')) {
    const [rawName, ...rest] = pair.split('=');
    const name = queryDecode(rawName);
    if (badText(name, CONTROL)) fields.add('(query)');
    else if (badText(queryDecode(rest.join('=')), CONTROL)) fields.add(name);
  }
  return [...fields];
}

/**
 * The fields of a parsed JSON body whose key or text is not acceptable, and whether it is nested
 * deeper than MAX_BODY_DEPTH. Walked with a stack, not recursion, so a deep body cannot
 * overflow it.
 */
function inspectBody(body: unknown): { fields: string[]; tooDeep: boolean } {
  const fields = new Set<string>();
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_BODY_DEPTH) return { fields: [], tooDeep: true };
    if (typeof value === 'string') {
      if (badText(value, CONTROL_IN_TEXT)) fields.add(path.join('.') || '(body)');
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, String(index)] }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (badText(key, CONTROL)) fields.add([...path, '(key)'].join('.'));
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return { fields: [...fields], tooDeep: false };
}

/**
 * Refuses bad input at the edge of every service (and the gateway), before any handler,
 * validator or database sees it:
 * - an address (path) that is not ASCII, has a broken percent escape or invalid UTF-8, or
 *   decodes to a control character → 400 INVALID_REQUEST;
 * - a query name or value with a control character → 422 naming the parameter;
 * - a JSON body with a control character (tab, line feed and carriage return allowed) or a lone
 *   surrogate in any key or text → 422 naming each field; nested deeper than
 *   MAX_BODY_DEPTH → 400 INVALID_REQUEST.
 * Messages are in the request's language (the envelope filter writes them).
 */
export function badInputMiddleware(request: Request, _response: Response, next: NextFunction): void {
  const url = request.originalUrl;
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  // The request line must be ASCII (RFC 3986): browsers escape everything else.
  if (!ASCII.test(url) || pathIsBad(path)) throw new AppException('INVALID_REQUEST', 400);
  const body = inspectBody(request.body);
  if (body.tooDeep) throw new AppException('INVALID_REQUEST', 400);
  const fields = [...(queryStart < 0 ? [] : badQueryFields(url.slice(queryStart + 1))), ...body.fields];
  if (fields.length) {
    const message = fieldMessage(FIELD_MESSAGE, currentContext()?.language ?? 'en');
    throw new AppException(
      'VALIDATION_FAILED',
      422,
      fields.map((field) => ({ field, message })),
    );
  }
  next();
}
