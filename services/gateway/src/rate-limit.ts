import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Redis } from 'ioredis';
import { clientOf } from './client.js';
import { DISCONNECT_TIMEOUT_MS } from './redis-timeouts.js';
import { sendError } from './respond.js';

const WINDOW_MS = 60_000;
/**
 * Adds a batch's hits (ARGV[2]) and sets the key's expiry when they were the window's first,
 * in one round trip. The answer is the count alone: the window's end is known from the clock
 * (the key names the window), so no PTTL.
 */
const HITS = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;
const WARN_EVERY_MS = 30_000;
const CONNECT_PATIENCE_MS = 1000;

export interface RateLimitOptions {
  redisUrl: string;
  namespace: string;
  perMinute: number;
}

type HitClient = Redis & {
  /** The HITS script by its SHA (EVALSHA), sent whole only when Redis does not know it yet. */
  rateLimitHits(key: string, windowMs: number, hits: number): Promise<number>;
};

type Hit = { count: number; resetMs: number } | null;

/** The hits on one key (a client in a window) waiting for the next write to Redis. */
interface Batch {
  key: string;
  window: number;
  waiting: ((hit: Hit) => void)[];
}

/**
 * Fixed one-minute window per client IP on /api/**, counted in Redis so every gateway
 * replica shares the count. Redis being down must not take the site down: the limiter
 * fails open (the request goes through) and says so in the log, at most every 30 s.
 *
 * Batched (issue 13): the hits of the requests read in one turn of the event loop are sent
 * together once that turn's reads are done (`setImmediate`), one INCRBY per client (the
 * script, by its SHA) in one socket write, and the answer shared out in arrival order: the
 * k-th of n hits on a key gets `total - n + k`, what n INCRs in a row would have answered. So
 * nothing is counted locally (no replica over-admits), and under load a client's hits cost
 * one command per turn instead of one each. Before, each hit was a command, and, since
 * requests arrive in reads of their own, mostly a socket write and a wake-up of its own.
 */
export class RateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('rate-limit');
  private readonly redis: HitClient;
  private lastWarning = 0;
  private batches = new Map<string, Batch>();
  private flushing = false;

  constructor(private readonly options: RateLimitOptions) {
    const redis = new Redis(options.redisUrl, {
      // Fail fast instead of queueing while disconnected: a request must not wait for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 250,
      lazyConnect: true,
      enableAutoPipelining: true,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    });
    redis.defineCommand('rateLimitHits', { numberOfKeys: 1, lua: HITS });
    this.redis = redis as HitClient;
    this.redis.on('error', (error: Error) => this.warn(error));
  }

  /** Counts a hit; null when Redis could not answer (fail open). */
  hit(client: string): Promise<Hit> {
    const window = Math.floor(Date.now() / WINDOW_MS);
    const key = `${this.options.namespace}:${client}:${window}`;
    let batch = this.batches.get(key);
    if (!batch) {
      batch = { key, window, waiting: [] };
      this.batches.set(key, batch);
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(this.flush);
      }
    }
    const waiting = batch.waiting;
    return new Promise<Hit>((resolve) => waiting.push(resolve));
  }

  private readonly flush = (): void => {
    this.flushing = false;
    const batches = this.batches;
    this.batches = new Map();
    for (const { key, window, waiting } of batches.values()) {
      const hits = waiting.length;
      this.redis.rateLimitHits(key, WINDOW_MS, hits).then(
        (total) => {
          const resetMs = (window + 1) * WINDOW_MS - Date.now();
          for (let k = 0; k < hits; k += 1) waiting[k]({ count: total - hits + k + 1, resetMs });
        },
        (error: Error) => {
          this.warn(error);
          for (const resolve of waiting) resolve(null);
        },
      );
    }
  };

  middleware(): RequestHandler {
    const limit = this.options.perMinute;
    const limitHeader = String(limit);
    return async (request: Request, response: Response, next: NextFunction) => {
      if (request.method === 'OPTIONS') return next();
      const result = await this.hit(clientOf(request).ip ?? request.socket.remoteAddress ?? 'unknown');
      if (!result) return next();
      response.setHeader('X-RateLimit-Limit', limitHeader);
      response.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - result.count)));
      if (result.count <= limit) return next();
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(result.resetMs / 1000))));
      sendError(request, response, 429, 'RATE_LIMITED');
    };
  }

  /** Waits a moment for Redis at boot; a gateway whose Redis is down still starts. */
  async onModuleInit(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, CONNECT_PATIENCE_MS)));
    await Promise.race([this.redis.connect().catch((error: Error) => this.warn(error)), patience]);
    clearTimeout(timer);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private warn(error: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(`Redis unavailable, rate limiting is off until it answers: ${error.message}`);
  }
}
