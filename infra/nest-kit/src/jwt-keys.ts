import { createHash, createPublicKey, KeyObject, type JsonWebKey } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose';

/** The token names no key we publish (or is not an RS256 JWT at all): the caller gets a 401. */
export class UnknownSigningKey extends Error {}
/** The key set cannot be fetched and none is cached: the caller gets a 503, not a logout. */
export class SigningKeysUnavailable extends Error {}

/** RFC 7638 thumbprint of an RSA public key: the `kid`, derived from the key so it cannot be mistyped. */
export function rsaKeyId(jwk: Pick<JsonWebKey, 'e' | 'n'>): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A public key (SPKI PEM, or the public half of a PKCS#8 PEM) as a JWK ready to publish. */
export function publicJwk(pem: string): JWK {
  const jwk = createPublicKey(pem).export({ format: 'jwk' });
  if (jwk.kty !== 'RSA') throw new Error('JWT keys must be RSA (RS256)');
  return { kty: 'RSA', n: jwk.n, e: jwk.e, kid: rsaKeyId(jwk), alg: 'RS256', use: 'sig' };
}

/** Every PEM block of a text (several keys may share one variable). */
export function pemBlocks(text: string | undefined): string[] {
  return (text ?? '').match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
}

export interface RemoteKeysOptions {
  /** Minimum time between two fetches caused by an unknown `kid` (jose's cooldown). */
  cooldownMs?: number;
  /** How long a fetched set is used before it is fetched again. */
  cacheMaxAgeMs?: number;
  timeoutMs?: number;
}

type KeyLookup = (header: { alg?: string; kid?: string }) => Promise<CryptoKey>;

/**
 * The keys tokens are verified with, chosen by the token's `kid`: identity's JWKS over HTTP
 * (jose's remote set: cached, fetched again on an unknown `kid` at most once per cooldown),
 * or a local set (identity verifies with the keys it publishes). When the JWKS cannot be
 * fetched, the last set fetched keeps serving, so identity being down does not sign anyone out.
 */
export class JwtKeys {
  private readonly lookup: KeyLookup;
  private readonly stale?: () => JSONWebKeySet | undefined;
  private readonly keyObjects = new WeakMap<CryptoKey, KeyObject>();

  constructor(source: string | JSONWebKeySet, options: RemoteKeysOptions = {}) {
    if (typeof source === 'string') {
      const remote = createRemoteJWKSet(new URL(source), {
        cooldownDuration: options.cooldownMs ?? 30_000,
        cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
        timeoutDuration: options.timeoutMs ?? 5_000,
      });
      this.lookup = remote;
      this.stale = () => remote.jwks();
    } else {
      this.lookup = createLocalJWKSet(source);
    }
  }

  /**
   * The public key that signed `token`, as the node KeyObject jsonwebtoken verifies with.
   * Converted once per key of the set in force (jose hands back the same CryptoKey for a
   * kid until the set is fetched again), not on every request: a PEM given to jsonwebtoken
   * is parsed into a KeyObject on every verification. A kid that leaves the set is no longer
   * found by the lookup, so the cache never outlives a rotation.
   */
  async keyFor(token: string): Promise<KeyObject> {
    let header: { alg?: string; kid?: string };
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new UnknownSigningKey('not a JWT');
    }
    if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new UnknownSigningKey('no RS256 kid');
    const key = await this.find({ alg: header.alg, kid: header.kid });
    let keyObject = this.keyObjects.get(key);
    if (!keyObject) {
      keyObject = KeyObject.from(key);
      this.keyObjects.set(key, keyObject);
    }
    return keyObject;
  }

  /** The same key as an SPKI PEM. */
  async pemFor(token: string): Promise<string> {
    return (await this.keyFor(token)).export({ type: 'spki', format: 'pem' }).toString();
  }

  private async find(header: { alg: string; kid: string }): Promise<CryptoKey> {
    try {
      return await this.lookup(header);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
        throw new UnknownSigningKey('unknown kid');
      if (!this.stale) throw new UnknownSigningKey(String(error));
      // The set could not be fetched (network, timeout, not 200, not a key set): the last one fetched.
      const last = this.stale();
      if (!last) throw new SigningKeysUnavailable('JWKS unavailable and none cached');
      try {
        return await createLocalJWKSet(last)(header);
      } catch {
        throw new UnknownSigningKey('unknown kid');
      }
    }
  }
}
