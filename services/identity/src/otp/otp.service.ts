import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { IDENTITY_LIMITS, type Language, type Site } from '@manzil/contracts';
import { AppException, REDIS } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { REDIS_PREFIX } from '../shared/redis-keys.js';
import { EMAIL_SENDER, type EmailSender } from './email-sender.js';
import { emailOtpMessage } from './otp-email.js';
import { SMS_SENDER, type SmsSender } from './sms-sender.js';

/** Codes sent by SMS; `email` (the account's e-mail address) is sent by e-mail. */
export type OtpPurpose = 'signup' | 'login' | 'reset' | 'delete';

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

/** Reads the stored hash and counts the attempt in one step, so parallel guesses all count. */
const ATTEMPT_SCRIPT = `
local h = redis.call('HGET', KEYS[1], 'h')
if not h then return nil end
local n = redis.call('HINCRBY', KEYS[1], 'a', 1)
return {h, n}`;

const TEXTS: Record<Language, (code: string, minutes: number) => string> = {
  en: (code, minutes) =>
    `${code} is your Manzil verification code. It expires in ${minutes} minutes. Do not share it.`,
  ar: (code, minutes) =>
    `${code} هو رمز التحقق الخاص بك في منزل. تنتهي صلاحيته خلال ${minutes} دقائق. لا تشاركه مع أحد.`,
};

/**
 * 4-digit one-time codes kept in Redis as an HMAC (never the code), living OTP_SECONDS,
 * with a resend cooldown and at most `otpMaxAttempts` wrong tries, after which the code is
 * locked until it expires. Mobile codes leave by SMS, e-mail codes by e-mail.
 */
@Injectable()
export class OtpService {
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
   * OTP_INVALID when wrong, OTP_LOCKED from the last allowed wrong try on. A right code is
   * used up unless `keep` (a check before a second step that verifies it again).
   */
  async verify(target: OtpTarget, code: string, options: { keep?: boolean } = {}): Promise<void> {
    const key = this.key('code', target);
    const result = (await this.redis.eval(ATTEMPT_SCRIPT, 1, key)) as [string, number] | null;
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
    throw new AppException(attempt >= max ? 'OTP_LOCKED' : 'OTP_INVALID', 422);
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

  private key(kind: 'code' | 'cooldown', target: OtpTarget): string {
    return `${this.prefix}:otp:${kind}:${this.subject(target)}`;
  }
}
