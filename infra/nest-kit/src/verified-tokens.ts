import type { KeyObject } from 'node:crypto';

/** How many verified tokens one process remembers (the oldest goes first). */
export const VERIFIED_TOKENS_MAX = 10_000;

interface Entry<C> {
  claims: C;
  key: KeyObject;
  expiresAtMs: number;
}

/**
 * Tokens whose signature, issuer, audience and lifetime jsonwebtoken has already verified,
 * keyed by the token itself, so a client calling again with the same token is not verified
 * with RSA (and its payload decoded) again. Only what the signature proves is remembered:
 * the revocation check (account version, session) still runs on every request.
 *
 * An entry is used only
 * - before the token's `exp` (the same instant jsonwebtoken refuses it at); a token without
 *   `exp` is never remembered;
 * - with the key it was verified with: the key the `kid` names now must be the very same
 *   object, so a key that left the JWKS (or a set fetched again) means a full verification.
 *
 * Bounded: past `max` entries the least recently used one is dropped.
 */
export class VerifiedTokens<C extends { exp?: unknown }> {
  private readonly entries = new Map<string, Entry<C>>();

  constructor(
    private readonly max = VERIFIED_TOKENS_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether the token may be remembered (a cheap look before finding its key). */
  has(token: string): boolean {
    const entry = this.entries.get(token);
    if (!entry) return false;
    if (this.now() < entry.expiresAtMs) return true;
    this.entries.delete(token);
    return false;
  }

  /** The verified claims of the token, if it was verified with `key` and has not expired. */
  get(token: string, key: KeyObject): C | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.key !== key || this.now() >= entry.expiresAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    // Most recently used last: the bound drops the one unused longest.
    this.entries.delete(token);
    this.entries.set(token, entry);
    return entry.claims;
  }

  /** Remembers a token jsonwebtoken has just verified with `key`. */
  remember(token: string, claims: C, key: KeyObject): void {
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return;
    const expiresAtMs = claims.exp * 1000;
    if (this.now() >= expiresAtMs) return;
    this.entries.delete(token);
    this.entries.set(token, { claims, key, expiresAtMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
