import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { ApiEnvelope } from '@manzil/contracts';
import { CACHE_GENERATION_HEADER, CACHE_TAG_HEADER, type CacheTag } from './http-cache.js';

const ENVELOPED = Symbol('enveloped');

/** What a handler returns when it wants its own message (already in the request's language). */
export function withMessage<T>(
  results: T,
  message: string,
): { [ENVELOPED]: true; results: T; message: string } {
  return { [ENVELOPED]: true, results, message };
}

function isEnveloped(value: unknown): value is { results: unknown; message: string } {
  return typeof value === 'object' && value !== null && ENVELOPED in value;
}

const SERIALIZED = Symbol('serialized');

/** Results already serialized as JSON (a cached answer as it was stored). */
export interface SerializedResults {
  [SERIALIZED]: true;
  json: string;
  /** The gateway may keep the answer under this tag and generation (http-cache.ts). */
  cacheTag?: CacheTag;
}

/**
 * What a handler returns when it holds its results as JSON text already (the search cache
 * stores the text): the envelope is written around the text as it is, instead of parsing it
 * into objects for `res.json` to serialise again. With `cacheTag` the answer goes out with the
 * gateway's cache headers (http-cache.ts): only for an answer that depends on the site and the
 * URL alone.
 */
export function serializedResults(json: string, cacheTag?: CacheTag): SerializedResults {
  return cacheTag ? { [SERIALIZED]: true, json, cacheTag } : { [SERIALIZED]: true, json };
}

export function isSerializedResults(value: unknown): value is SerializedResults {
  return typeof value === 'object' && value !== null && SERIALIZED in value;
}

/**
 * Wraps whatever a handler returns into `{ status, success, message, results }`; results
 * serialized already (`serializedResults`) become the same JSON text without a parse.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((value): ApiEnvelope<unknown> | unknown => {
        if (response.headersSent) return value;
        const status = response.statusCode;
        if (isSerializedResults(value)) {
          // A string body: Express sends it as it is, with this type (and its ETag, as for res.json).
          response.type('application/json');
          if (value.cacheTag && status === 200) {
            response.setHeader(CACHE_TAG_HEADER, value.cacheTag.tag);
            response.setHeader(CACHE_GENERATION_HEADER, String(value.cacheTag.generation));
          }
          return `{"status":${status},"success":true,"message":"OK","results":${value.json}}`;
        }
        if (isEnveloped(value))
          return { status, success: true, message: value.message, results: value.results };
        return { status, success: true, message: 'OK', results: value ?? null };
      }),
    );
  }
}
