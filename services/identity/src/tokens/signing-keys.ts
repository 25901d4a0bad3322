import { pemBlocks, publicJwk, type KitAuthOptions } from '@manzil/nest-kit';
import type { JSONWebKeySet } from 'jose';

export const SIGNING_KEYS = Symbol('SIGNING_KEYS');

/** The key tokens are signed with now (its `kid` goes in every token's header) and the set identity publishes. */
export interface SigningKeys {
  kid: string;
  privateKey: string;
  /** The signing key's public half first, then `JWT_PUBLISHED_PUBLIC_KEYS` (previous and next keys). */
  jwks: JSONWebKeySet;
}

/**
 * Read from the environment once, at boot: `JWT_PRIVATE_KEY` signs, every key of
 * `JWT_PUBLISHED_PUBLIC_KEYS` is published beside it. Each `kid` is the key's RFC 7638
 * thumbprint, so it cannot be mistyped or reused for another key.
 */
export function signingKeys(config: {
  JWT_PRIVATE_KEY: string;
  JWT_PUBLISHED_PUBLIC_KEYS?: string;
}): SigningKeys {
  const current = publicJwk(config.JWT_PRIVATE_KEY);
  const keys = [current];
  for (const pem of pemBlocks(config.JWT_PUBLISHED_PUBLIC_KEYS)) {
    const jwk = publicJwk(pem);
    if (!keys.some((key) => key.kid === jwk.kid)) keys.push(jwk);
  }
  return { kid: current.kid as string, privateKey: config.JWT_PRIVATE_KEY, jwks: { keys } };
}

/** nest-kit's auth options in identity: the guard verifies with the keys identity publishes (no JWKS fetch from itself). */
export function identityAuth(
  config: {
    JWT_ISSUER: string;
    JWT_AUDIENCE: string;
    BUS_NAMESPACE: string;
    AUTH_REDIS_GRACE_SECONDS: number;
  },
  keys: SigningKeys,
): KitAuthOptions {
  return {
    jwks: keys.jwks,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    namespace: config.BUS_NAMESPACE,
    redisGraceSeconds: config.AUTH_REDIS_GRACE_SECONDS,
  };
}
