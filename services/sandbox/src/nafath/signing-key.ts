import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

/**
 * An RS256 key of one of the sandbox's issuers (Nafath, Google): from a PEM in the
 * environment when given, otherwise generated at start. Tokens carry its `kid`, and the
 * issuer publishes the public half as a JWKS, as the real providers do.
 */
export class SigningKey {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private jwk?: Promise<JWK>;

  constructor(pem?: string) {
    if (pem && pem.trim()) {
      this.privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
    } else {
      this.privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    }
    this.publicKey = createPublicKey(this.privateKey);
  }

  /** The public key as a JWK with `kid` (its RFC 7638 thumbprint), `alg` and `use`. */
  publicJwk(): Promise<JWK> {
    this.jwk ??= (async () => {
      const jwk = await exportJWK(this.publicKey);
      return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
    })();
    return this.jwk;
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [await this.publicJwk()] };
  }

  /** Signs `claims` as given (iat added when missing); the caller sets iss, aud, exp. */
  async sign(claims: JWTPayload): Promise<string> {
    const { kid } = await this.publicJwk();
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid });
    if (claims.iat === undefined) jwt.setIssuedAt();
    return jwt.sign(this.privateKey);
  }
}
