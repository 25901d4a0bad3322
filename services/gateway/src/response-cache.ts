import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Redis } from 'ioredis';
import {
  CACHE_GENERATION_HEADER,
  CACHE_PURGE_CHANNEL,
  CACHE_TAG_HEADER,
  parsePurge,
  setMetricsRoute,
} from '@manzil/nest-kit/http';
import { chooseEncoding, encode, type Encoding } from './compression.js';
import { DISCONNECT_TIMEOUT_MS } from './redis-timeouts.js';

export interface ResponseCacheOptions {
  redisUrl: string;
  /** Bytes of kept bodies at most (the oldest used go first); 0 turns the cache off. */
  maxBytes: number;
  /** How long an answer is kept at most, even when no purge came (one lost while Redis was away). */
  maxAgeMs: number;
}

interface Entry {
  tag: string;
  generation: number;
  storedAt: number;
  body: Buffer;
  /** The body compressed, once kept (brotli and gzip, for the clients that accept them). */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The upstream's headers worth keeping (content type, ETag); never a cookie or a request id. */
  headers: [string, string][];
}

/** The upstream headers a kept answer is served with; everything else is the request's own. */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'content-language'];
/** An answer larger than this is not kept (one answer must not push out hundreds). */
const MAX_ENTRY_BYTES = 1 << 20;
/** A kept body smaller than this is served as it is: compressing it saves less than a packet. */
const MIN_COMPRESSED_BYTES = 1_024;
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/)/i;

/** A kept body's compressed forms (in libuv's threads, not on the event loop): once per answer kept. */
async function compressed(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([encode(body, 'br'), encode(body, 'gzip')]);
  return { br, gzip: gz };
}

const sizeOf = (entry: Entry) =>
  entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);

/** `If-None-Match` against an ETag by the weak comparison (RFC 9110 13.1.2): W/ aside. */
function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return String(ifNoneMatch)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Adds a field to the answer's Vary (CORS may have set `Origin` already). */
function vary(
  response: { getHeader(name: string): unknown; setHeader(name: string, value: string): unknown },
  field: string,
) {
  const before = response.getHeader('vary');
  const fields = typeof before === 'string' && before ? before.split(',').map((f) => f.trim()) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  response.setHeader('vary', fields.join(', '));
}

/**
 * The gateway's response cache (a surrogate-key cache; the protocol is nest-kit's
 * http-cache.ts): a GET an upstream answered 200 with a cache tag and generation is kept in this
 * process's memory, by Host and URL, and the same GET is then answered here without the
 * upstream, until a purge on Redis names a newer generation of the tag (or `maxAgeMs` passes).
 * The search service tags its public answers and publishes a site's next generation with each
 * listing event it applies, so a repeated search costs one hop instead of two and the freshness
 * of search answers is unchanged (a purge reaches the gateways in about a millisecond).
 *
 * Correct without relying on timing: an answer is kept only when its generation is not older
 * than the newest the gateway knows for its tag (an answer computed before a purge that arrives
 * after it is not kept), and served only while its generation is the newest. Without the purge
 * channel (Redis down, or a reconnect during which purges may have been lost) nothing is served
 * from memory and what was kept is dropped: every request goes to the upstream as before.
 *
 * The rate limit runs before it (a kept answer counts as a request); the answer carries the
 * gateway's own headers (security, request id) and `X-Cache: HIT`, and a matching
 * `If-None-Match` gets a 304. A kept body of 1 KB or more is compressed once, brotli and gzip,
 * and served so to the clients that accept it (every browser): the demo's 150 pins of Dubai are
 * 90 KB as JSON and 8 KB as brotli. Every answer of a tagged URL says `Vary: Accept-Encoding`, and a
 * compressed one carries the upstream's ETag as a weak one (the same content, another coding).
 */
export class ResponseCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('response-cache');
  private readonly entries = new Map<string, Entry>();
  /** The newest generation known per tag: from purges and from the answers kept. */
  private readonly newest = new Map<string, number>();
  private bytes = 0;
  private readonly subscriber: Redis | null;
  /** Serving from memory only while subscribed (purges are heard). */
  private listening = false;
  /**
   * Counts the times the cache was emptied: an answer is kept only if its request came in the
   * same epoch (one computed before a reconnect may be older than a purge that was lost).
   */
  private epoch = 0;
  /** Called once subscribed (the start waits for it). */
  private onSubscribed?: () => void;

  constructor(private readonly options: ResponseCacheOptions) {
    if (options.maxBytes <= 0) {
      this.subscriber = null;
      return;
    }
    this.subscriber = new Redis(options.redisUrl, {
      lazyConnect: true,
      // A subscriber retries for ever; nothing waits on it meanwhile (the cache is off).
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    });
    this.subscriber.on('message', (_channel: string, message: string) => this.purge(message));
    // Purges published while the connection was away are lost: forget everything kept.
    this.subscriber.on('close', () => this.forget());
    this.subscriber.on('error', (error: Error) => {
      if (this.listening)
        this.logger.warn(`purges not heard, cache off until Redis answers: ${error.message}`);
      this.forget();
    });
    // ioredis subscribes again by itself after a reconnect; serving resumes once it has.
    this.subscriber.on('ready', () => {
      void this.subscriber!.subscribe(CACHE_PURGE_CHANNEL).then(
        () => {
          this.listening = true;
          this.onSubscribed?.();
        },
        () => this.forget(),
      );
    });
  }

  /** Subscribes before the gateway listens; a gateway whose Redis is down still starts (the cache off until it answers). */
  async onModuleInit(): Promise<void> {
    if (!this.subscriber) return;
    const subscribed = new Promise<void>((resolve) => {
      this.onSubscribed = resolve;
      void this.subscriber!.connect().catch(() => resolve());
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise((resolve) => (timer = setTimeout(resolve, 1_000)))]);
    clearTimeout(timer);
  }

  async onModuleDestroy(): Promise<void> {
    this.forget();
    this.subscriber?.disconnect();
  }

  private forget(): void {
    this.listening = false;
    this.epoch += 1;
    this.entries.clear();
    this.newest.clear();
    this.bytes = 0;
  }

  private purge(message: string): void {
    const purge = parsePurge(message);
    if (!purge) return;
    if (purge.generation > (this.newest.get(purge.tag) ?? -1)) this.newest.set(purge.tag, purge.generation);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  /** Drops the least recently used until the kept bytes fit. */
  private evict(): void {
    // A Map iterates in insertion order, and a hit re-inserts: the first is the least recently used.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, old);
    }
  }

  /** Adds the compressed forms to an entry still kept when they are ready. */
  private async compress(key: string, entry: Entry): Promise<void> {
    const forms = await compressed(entry.body).catch(() => null);
    if (!forms || this.entries.get(key) !== entry) return;
    for (const encoding of ['br', 'gzip'] as const)
      if (forms[encoding].length < entry.body.length) {
        entry.encoded[encoding] = forms[encoding];
        this.bytes += forms[encoding].length;
      }
    this.evict();
  }

  private store(key: string, entry: Entry): void {
    const newest = this.newest.get(entry.tag);
    if (newest !== undefined && entry.generation < newest) return;
    if (newest === undefined || entry.generation > newest) this.newest.set(entry.tag, entry.generation);
    const before = this.entries.get(key);
    if (before) this.remove(key, before);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    this.evict();
    const type = entry.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    if (entry.body.length >= MIN_COMPRESSED_BYTES && COMPRESSIBLE_TYPE.test(type))
      void this.compress(key, entry);
  }

  /** The `/api/**` GETs are looked up here, then (on a miss) watched on their way back. */
  middleware(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      if (!this.listening || request.method !== 'GET') return next();
      const key = `${request.headers.host ?? ''} ${request.originalUrl}`;
      const entry = this.entries.get(key);
      if (entry) {
        const fresh =
          entry.generation === this.newest.get(entry.tag) &&
          Date.now() - entry.storedAt < this.options.maxAgeMs;
        this.remove(key, entry);
        if (fresh) {
          this.entries.set(key, entry);
          this.bytes += sizeOf(entry);
          return this.serve(request, response, entry);
        }
      }
      this.watch(key, response);
      next();
    };
  }

  private serve(request: Request, response: Response, entry: Entry): void {
    // The route the proxy would have named (`/api/<service>/*`).
    setMetricsRoute(response, `/api/${request.originalUrl.split('/', 3)[2]}/*`);
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    response.setHeader('x-cache', 'HIT');
    vary(response, 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = (encoding && entry.encoded[encoding]) || entry.body;
    const etag = response.getHeader('etag');
    if (body !== entry.body) {
      response.setHeader('content-encoding', encoding!);
      if (typeof etag === 'string' && !etag.startsWith('W/')) response.setHeader('etag', `W/${etag}`);
    }
    if (typeof etag === 'string' && matches(request.headers['if-none-match'], etag)) {
      response.statusCode = 304;
      response.removeHeader('content-encoding');
      response.end();
      return;
    }
    response.statusCode = 200;
    response.setHeader('content-length', body.length);
    response.end(body);
  }

  /**
   * Watches a miss's answer as the proxy writes it: at its first write (headers not yet sent)
   * the upstream's cache headers are taken off; a 200 that carried them is gathered and kept
   * when it ends. Any other answer is passed through untouched from that first write on.
   */
  private watch(key: string, response: Response): void {
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    let tag: { tag: string; generation: number } | null | undefined;
    const epoch = this.epoch;
    const chunks: Buffer[] = [];
    let size = 0;
    const restore = () => {
      response.write = write as Response['write'];
      response.end = end as Response['end'];
    };
    const decide = () => {
      if (tag !== undefined) return;
      const name = response.getHeader(CACHE_TAG_HEADER);
      const generation = Number(response.getHeader(CACHE_GENERATION_HEADER));
      response.removeHeader(CACHE_TAG_HEADER);
      response.removeHeader(CACHE_GENERATION_HEADER);
      tag =
        typeof name === 'string' &&
        Number.isSafeInteger(generation) &&
        response.statusCode === 200 &&
        !response.getHeader('set-cookie') &&
        !response.getHeader('content-encoding')
          ? { tag: name, generation }
          : null;
      if (tag) {
        response.setHeader('x-cache', 'MISS');
        // Once kept, the same URL may be answered compressed.
        vary(response, 'Accept-Encoding');
      } else restore();
    };
    const gather = (chunk: unknown, encoding: unknown) => {
      if (!tag || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > MAX_ENTRY_BYTES) tag = null;
      else chunks.push(buffer);
    };
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      decide();
      gather(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      decide();
      gather(chunk, rest[0]);
      const kept = tag;
      restore();
      // Only a whole body (an upstream that failed half way is ended short by the proxy).
      const whole = Number(response.getHeader('content-length')) === size;
      if (kept && whole && this.listening && epoch === this.epoch) {
        const headers: [string, string][] = [];
        for (const name of KEPT_HEADERS) {
          const value = response.getHeader(name);
          if (typeof value === 'string') headers.push([name, value]);
        }
        this.store(key, {
          ...kept,
          storedAt: Date.now(),
          body: Buffer.concat(chunks, size),
          encoded: {},
          headers,
        });
      }
      return end(chunk, ...rest);
    }) as Response['end'];
  }
}
