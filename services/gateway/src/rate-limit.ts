import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Redis } from 'ioredis';
import { sendError } from './respond.js';

const WINDOW_MS = 60_000;
/** INCR and set the window's expiry on the first hit, in one round trip. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;
const WARN_EVERY_MS = 30_000;
const CONNECT_PATIENCE_MS = 1000;

export interface RateLimitOptions {
  redisUrl: string;
  namespace: string;
  perMinute: number;
}

type HitClient = Redis & {
  /** The HIT script by its SHA (EVALSHA), sent whole only when Redis does not know it yet. */
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Fixed one-minute window per client IP on /api/**, counted in Redis so every gateway
 * replica shares the count. Redis being down must not take the site down: the limiter
 * fails open (the request goes through) and says so in the log, at most every 30 s.
 *
 * One round trip per request, as before issue 13's profiling, but cheaper: the script goes by
 * its SHA, and the hits of requests arriving together leave in one write (ioredis's
 * auto-pipelining gathers the commands of one turn of the event loop): under load each hit
 * was a socket write of its own.
 */
export class RateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('rate-limit');
  private readonly redis: HitClient;
  private lastWarning = 0;

  constructor(private readonly options: RateLimitOptions) {
    const redis = new Redis(options.redisUrl, {
      // Fail fast instead of queueing while disconnected: a request must not wait for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 250,
      lazyConnect: true,
      enableAutoPipelining: true,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as HitClient;
    this.redis.on('error', (error: Error) => this.warn(error));
  }

  /** Counts a hit; null when Redis could not answer (fail open). */
  async hit(client: string): Promise<{ count: number; resetMs: number } | null> {
    const window = Math.floor(Date.now() / WINDOW_MS);
    const key = `${this.options.namespace}:${client}:${window}`;
    try {
      const [count, ttl] = await this.redis.rateLimitHit(key, WINDOW_MS);
      return { count, resetMs: ttl > 0 ? ttl : WINDOW_MS };
    } catch (error) {
      this.warn(error as Error);
      return null;
    }
  }

  middleware(): RequestHandler {
    const limit = this.options.perMinute;
    return async (request: Request, response: Response, next: NextFunction) => {
      if (request.method === 'OPTIONS') return next();
      const result = await this.hit(request.ip ?? request.socket.remoteAddress ?? 'unknown');
      if (!result) return next();
      response.setHeader('X-RateLimit-Limit', String(limit));
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
