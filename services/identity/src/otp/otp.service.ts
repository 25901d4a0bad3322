import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Counter, register } from 'prom-client';
import {
  IDENTITY_LIMITS,
  MINUTES,
  countPhrase,
  otpLockedForMessage,
  type Language,
  type Site,
} from '@manzil/contracts';
import { AppException, currentContext, REDIS, SMS_SENDER, type SmsSender } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { REDIS_PREFIX } from '../shared/redis-keys.js';
import { EMAIL_SENDER, type EmailSender } from './email-sender.js';
import { emailOtpMessage } from './otp-email.js';

/**
 * Codes sent by SMS (`link`: proving an account before Google is linked to it); `email`
 * (the account's e-mail address) is sent by e-mail.
 */
export type OtpPurpose = 'signup' | 'login' | 'reset' | 'delete' | 'link';

export interface MobileOtpTarget {
  site: Site;
  purpose: OtpPurpose;
  countryCode: string;
  mobile: string;
}

/** A code proving an account's e-mail: bound to the account and the address it went to. */
export interface EmailOtpTarget {
  site: Site;
  purpose: 'email';
  accountId: string;
  email: string;
}

export type OtpTarget = MobileOtpTarget | EmailOtpTarget;

export interface OtpTiming {
  expiresInSeconds: number;
  resendInSeconds: number;
}

/**
 * Reads the stored hash and counts the attempt in one step, so parallel guesses all count;
 * refuses at once (-1) while the target is locked for the day (KEYS[2]).
 */
const ATTEMPT_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
local h = redis.call('HGET', KEYS[1], 'h')
if not h then return nil end
local n = redis.call('HINCRBY', KEYS[1], 'a', 1)
return {h, n}`;

/**
 * Records one wrong code in the target's rolling window (a sorted set of failure times,
 * KEYS[1]) and, at the cap, locks the target (KEYS[2]) and forgets the window and the
 * current code (KEYS[3]). Returns the failures in the window, or -1 when this one locked it.
 * ARGV: now (ms), window (ms), cap, lock seconds, a unique member.
 */
const FAILURE_SCRIPT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local n = redis.call('ZCARD', KEYS[1])
if n < tonumber(ARGV[3]) then return n end
redis.call('DEL', KEYS[1], KEYS[3])
if redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[4], 'NX') then return -1 end
return n`;

const LOCKS_METRIC = 'manzil_otp_locks_total';
/** Created once per process: tests build many apps in one registry. */
const otpLocks =
  (register.getSingleMetric(LOCKS_METRIC) as Counter<'purpose'> | undefined) ??
  new Counter({
    name: LOCKS_METRIC,
    help: 'OTP targets (mobile or e-mail, per purpose) locked for a day after too many wrong codes',
    labelNames: ['purpose'],
  });

const TEXTS: Record<Language, (code: string, minutes: number) => string> = {
  en: (code, minutes) =>
    `${code} is your Manzil verification code. It expires in ${countPhrase(minutes, 'en', MINUTES)}. Do not share it.`,
  ar: (code, minutes) =>
    `${code} هو رمز التحقق الخاص بك في منزل. تنتهي صلاحيته خلال ${countPhrase(minutes, 'ar', MINUTES)}. لا تشاركه مع أحد.`,
};

/**
 * 4-digit one-time codes kept in Redis as an HMAC (never the code), living OTP_SECONDS,
 * with a resend cooldown and at most `otpMaxAttempts` wrong tries, after which the code is
 * locked until it expires. Fresh codes do not reset the count that matters: after
 * `otpDailyMaxFailures` wrong codes in a rolling day for one mobile (or e-mail) and purpose,
 * codes for that pair are refused for `otpDailyLockSeconds` (logged, and counted in
 * `manzil_otp_locks_total{purpose}`). Mobile codes leave by SMS, e-mail codes by e-mail.
 */
@Injectable()
export class OtpService {
  private readonly logger = new Logger('otp');
  private readonly secret: Buffer;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    @Inject(EMAIL_SENDER) private readonly email: EmailSender,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {
    this.secret = createHmac('sha256', 'manzil-otp').update(config.JWT_PRIVATE_KEY).digest();
  }

  get timing(): OtpTiming {
    return {
      expiresInSeconds: this.config.OTP_SECONDS,
      resendInSeconds: this.config.OTP_RESEND_COOLDOWN_SECONDS,
    };
  }

  /**
   * Starts the cooldown of the target (429 OTP_COOLDOWN while it runs) and, when `language`
   * is given (an account holds the number), sends a fresh code. The cooldown applies to
   * unknown numbers too, so the answer never tells whether a number is registered.
   */
  async request(target: OtpTarget, language: Language | null): Promise<OtpTiming> {
    const locked = await this.lockedSeconds(target);
    if (locked > 0) throw this.lockedError(locked, 429);
    const cooldown = this.config.OTP_RESEND_COOLDOWN_SECONDS;
    if (cooldown > 0) {
      const started = await this.redis.set(this.key('cooldown', target), '1', 'EX', cooldown, 'NX');
      if (started !== 'OK') throw new AppException('OTP_COOLDOWN', 429);
    }
    if (language) await this.send(target, language);
    return this.timing;
  }

  /** Sends a fresh code now (registration, unverified login): no cooldown check, but it starts one. */
  async send(target: OtpTarget, language: Language): Promise<void> {
    const key = this.key('code', target);
    // A locked code stays locked until it expires: a new code would reset the count of wrong tries.
    const attempts = Number(await this.redis.hget(key, 'a'));
    if (attempts >= IDENTITY_LIMITS.otpMaxAttempts) return;
    // Nothing is sent while the target is locked for the day: the code could not be used.
    if ((await this.lockedSeconds(target)) > 0) return;
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    await this.redis
      .multi()
      .del(key)
      .hset(key, { h: this.digest(target, code), a: '0' })
      .expire(key, this.config.OTP_SECONDS)
      .set(this.key('cooldown', target), '1', 'EX', Math.max(1, this.config.OTP_RESEND_COOLDOWN_SECONDS))
      .exec();
    const minutes = Math.max(1, Math.round(this.config.OTP_SECONDS / 60));
    if (target.purpose === 'email') {
      await this.email.send({ to: target.email, ...emailOtpMessage(language, code, minutes) });
    } else {
      await this.sms.send(`${target.countryCode}${target.mobile}`, TEXTS[language](code, minutes));
    }
  }

  /**
   * Checks a code: 422 OTP_EXPIRED when there is none (expired, used, or never sent),
   * OTP_INVALID when wrong, OTP_LOCKED from the last allowed wrong try on, OTP_LOCKED_DAY
   * (with how long on the `otp` field) while the target is locked for the day, right code
   * or not. A right code is used up unless `keep` (a check before a second step that
   * verifies it again).
   */
  async verify(target: OtpTarget, code: string, options: { keep?: boolean } = {}): Promise<void> {
    const key = this.key('code', target);
    const result = (await this.redis.eval(ATTEMPT_SCRIPT, 2, key, this.key('lock', target))) as
      [string, number] | -1 | null;
    if (result === -1) throw this.lockedError(await this.lockedSeconds(target), 422);
    if (!result) throw new AppException('OTP_EXPIRED', 422);
    const [stored, attempt] = result;
    const max = IDENTITY_LIMITS.otpMaxAttempts;
    if (attempt > max) throw new AppException('OTP_LOCKED', 422);
    const given = Buffer.from(this.digest(target, code));
    if (given.length === stored.length && timingSafeEqual(given, Buffer.from(stored))) {
      if (options.keep) await this.redis.hincrby(key, 'a', -1);
      else await this.redis.del(key);
      return;
    }
    if (await this.recordFailure(target)) {
      throw this.lockedError(IDENTITY_LIMITS.otpDailyLockSeconds, 422);
    }
    throw new AppException(attempt >= max ? 'OTP_LOCKED' : 'OTP_INVALID', 422);
  }

  /** Seconds left of the target's day lock (0: not locked). */
  async lockedSeconds(target: OtpTarget): Promise<number> {
    const ttl = await this.redis.ttl(this.key('lock', target));
    return ttl > 0 ? ttl : 0;
  }

  /** Counts a wrong code in the rolling day; true when it locked the target. */
  private async recordFailure(target: OtpTarget): Promise<boolean> {
    const outcome = Number(
      await this.redis.eval(
        FAILURE_SCRIPT,
        3,
        this.key('failures', target),
        this.key('lock', target),
        this.key('code', target),
        Date.now(),
        IDENTITY_LIMITS.otpDailyLockSeconds * 1000,
        IDENTITY_LIMITS.otpDailyMaxFailures,
        IDENTITY_LIMITS.otpDailyLockSeconds,
        randomUUID(),
      ),
    );
    if (outcome !== -1) return false;
    otpLocks.inc({ purpose: target.purpose });
    this.logger.warn(
      {
        site: target.site,
        purpose: target.purpose,
        target: this.masked(target),
        failures: IDENTITY_LIMITS.otpDailyMaxFailures,
        lockSeconds: IDENTITY_LIMITS.otpDailyLockSeconds,
      },
      'OTP locked for a day after too many wrong codes',
    );
    return true;
  }

  private lockedError(seconds: number, status: 422 | 429): AppException {
    const language = currentContext()?.language ?? 'en';
    return new AppException('OTP_LOCKED_DAY', status, [
      { field: 'otp', message: otpLockedForMessage(seconds, language) },
    ]);
  }

  /** Enough of the target to follow it in the logs, not the whole number or address. */
  private masked(target: OtpTarget): string {
    if (target.purpose === 'email') return `account ${target.accountId}`;
    return `${target.countryCode}…${target.mobile.slice(-3)}`;
  }

  private digest(target: OtpTarget, code: string): string {
    return createHmac('sha256', this.secret)
      .update(`${this.subject(target)}:${code}`)
      .digest('hex');
  }

  private subject(target: OtpTarget): string {
    if (target.purpose === 'email') {
      return `${target.site}:email:${target.accountId}:${target.email.trim().toLowerCase()}`;
    }
    return `${target.site}:${target.purpose}:${target.countryCode}${target.mobile}`;
  }

  private key(kind: 'code' | 'cooldown' | 'failures' | 'lock', target: OtpTarget): string {
    return `${this.prefix}:otp:${kind}:${this.subject(target)}`;
  }
}
