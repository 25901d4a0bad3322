import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Site } from '@manzil/contracts';
import { AppException, REDIS } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from './config.token.js';
import { REDIS_PREFIX } from './redis-keys.js';

export type LimitedAction = 'login' | 'otp-verify' | 'otp-resend' | 'forgot-password' | 'upload';

/** OTP verify allows twice the mobile limit, so the lock after 5 wrong codes is what stops guessing. */
const MOBILE_FACTOR: Record<LimitedAction, number> = {
  login: 1,
  'otp-verify': 2,
  'otp-resend': 1,
  'forgot-password': 1,
  upload: 1,
};

const WINDOW_SECONDS = 60;

/**
 * Fixed one-minute windows in Redis, per mobile number (or signed-in account) and per client IP, for the
 * endpoints that guess or send: over the limit → 429 RATE_LIMITED.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async hit(
    action: LimitedAction,
    by: { site: Site; ip?: string; countryCode?: string; mobile?: string; accountId?: string },
  ): Promise<void> {
    const checks: [string, number][] = [];
    if (by.ip) checks.push([`ip:${by.ip}`, this.config.RATE_LIMIT_PER_IP]);
    // A signed-in account's own codes (e-mail verification): the same limit as a mobile number.
    if (by.accountId) {
      checks.push([`account:${by.accountId}`, this.config.RATE_LIMIT_PER_MOBILE * MOBILE_FACTOR[action]]);
    }
    if (by.mobile) {
      checks.push([
        `mobile:${by.site}:${by.countryCode ?? ''}${by.mobile}`,
        this.config.RATE_LIMIT_PER_MOBILE * MOBILE_FACTOR[action],
      ]);
    }
    for (const [subject, limit] of checks) {
      const key = `${this.prefix}:rate:${action}:${subject}`;
      const [[, count]] = (await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS, 'NX').exec()) as [
        [Error | null, number],
        [Error | null, number],
      ];
      if (count > limit) throw new AppException('RATE_LIMITED');
    }
  }
}
