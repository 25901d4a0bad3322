import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { IDENTITY_LIMITS, type AccountRole, type GoogleLinkProof, type Site } from '@manzil/contracts';
import { REDIS } from '@manzil/nest-kit';
import { REDIS_PREFIX } from '../shared/redis-keys.js';
import type { GoogleIdentity } from './google-verifier.js';

/** A Google sign-in waiting for the owner of the account holding its e-mail to prove it. */
export interface LinkTicket {
  site: Site;
  accountId: string;
  identity: GoogleIdentity;
  role: Exclude<AccountRole, 'admin'>;
  proofs: GoogleLinkProof[];
  /** Whether a separate customer account may take the e-mail instead (the holder never proved it). */
  separate: boolean;
}

/** Wrong passwords one ticket takes before it is thrown away (a new Google sign-in starts over). */
export const TICKET_MAX_FAILURES = 5;

/** Counts a failure on a ticket that still exists (never recreates one without its expiry). */
const FAIL_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = redis.call('HINCRBY', KEYS[1], 'failures', 1)
if n >= tonumber(ARGV[1]) then redis.call('DEL', KEYS[1]) end
return n`;

/**
 * Link tickets in Redis: the key is the SHA-256 of the ticket (the ticket itself is only
 * in the browser), the value what Google proved and which account it found, for
 * `googleLinkSeconds`. Taken once: the proof that links it deletes it.
 */
@Injectable()
export class LinkTicketStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
  ) {}

  async create(ticket: LinkTicket): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const key = this.key(token);
    await this.redis
      .multi()
      .hset(key, { ticket: JSON.stringify(ticket), failures: '0' })
      .expire(key, IDENTITY_LIMITS.googleLinkSeconds)
      .exec();
    return token;
  }

  /** The ticket of this site, or null (unknown, expired, used, or another site's). */
  async read(site: Site, token: string): Promise<LinkTicket | null> {
    const raw = await this.redis.hget(this.key(token), 'ticket');
    if (!raw) return null;
    const ticket = JSON.parse(raw) as LinkTicket;
    return ticket.site === site ? ticket : null;
  }

  /** Counts a wrong password; the ticket is thrown away at the limit. */
  async fail(token: string): Promise<void> {
    await this.redis.eval(FAIL_SCRIPT, 1, this.key(token), TICKET_MAX_FAILURES);
  }

  /** Uses the ticket up; false when another request already did (or it expired meanwhile). */
  async take(token: string): Promise<boolean> {
    return (await this.redis.del(this.key(token))) === 1;
  }

  private key(token: string): string {
    return `${this.prefix}:google-link:${createHash('sha256').update(token).digest('hex')}`;
  }
}
