import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import type { GoogleSettings } from './google.config.js';

export const GOOGLE_SETTINGS = Symbol('GOOGLE_SETTINGS');
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const TIMEOUT_MS = 10_000;

const discoverySchema = z.object({
  issuer: z.string().min(1),
  jwks_uri: z.url(),
  authorization_endpoint: z.url().optional(),
});

/** Who Google says signed in. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

/** An ID token that does not verify (signature, iss, aud, exp, email_verified). */
export class InvalidIdToken extends Error {}

interface Issuer {
  issuers: string[];
  jwks: ReturnType<typeof createRemoteJWKSet>;
  authorizationEndpoint?: string;
}

/**
 * Verifies Google ID tokens against the issuer's keys: discovery document (cached) →
 * jwks_uri (jose caches and refreshes on an unknown kid); RS256; `iss` one of the issuer's
 * names (Google's two spellings when it is Google); `aud` our client id; `exp`; and
 * `email_verified` true.
 */
@Injectable()
export class GoogleVerifier {
  private readonly logger = new Logger('google');
  private issuer?: Promise<Issuer>;

  constructor(@Inject(GOOGLE_SETTINGS) private readonly settings: GoogleSettings) {}

  /** Where the browser starts sign-in: the configured override, else the discovered endpoint. */
  async authorizationEndpoint(): Promise<string> {
    if (this.settings.authorizationEndpoint) return this.settings.authorizationEndpoint;
    const { authorizationEndpoint } = await this.discover();
    if (!authorizationEndpoint) throw new Error('the issuer names no authorization_endpoint');
    return authorizationEndpoint;
  }

  get clientId(): string {
    return this.settings.clientId;
  }

  /**
   * @param expectedNonce when given (the browser's sign-in), the token's `nonce` must equal it,
   *   so a token minted for another sign-in cannot be replayed here.
   */
  async verify(idToken: string, expectedNonce?: string): Promise<GoogleIdentity> {
    const { issuers, jwks } = await this.discover();
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        algorithms: ['RS256'],
        issuer: issuers,
        audience: this.settings.clientId,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: 30,
      }));
    } catch (error) {
      throw new InvalidIdToken(error instanceof Error ? error.message : String(error));
    }
    if (expectedNonce !== undefined && payload.nonce !== expectedNonce)
      throw new InvalidIdToken('nonce mismatch');
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email) throw new InvalidIdToken('no email');
    if (payload.email_verified !== true && payload.email_verified !== 'true')
      throw new InvalidIdToken('email not verified');
    const name = typeof payload.name === 'string' ? payload.name.trim() : '';
    const [first = '', ...rest] = name.split(/\s+/).filter(Boolean);
    const given =
      typeof payload.given_name === 'string' && payload.given_name.trim() ? payload.given_name.trim() : first;
    const family =
      typeof payload.family_name === 'string' && payload.family_name.trim()
        ? payload.family_name.trim()
        : rest.join(' ');
    return {
      subject: String(payload.sub),
      email,
      firstName: given.slice(0, 50),
      lastName: family.slice(0, 50),
      picture:
        typeof payload.picture === 'string' && /^https?:\/\//.test(payload.picture) ? payload.picture : null,
    };
  }

  /** Read once; a failed read is retried on the next sign-in. */
  private discover(): Promise<Issuer> {
    this.issuer ??= this.load().catch((error: unknown) => {
      this.issuer = undefined;
      this.logger.error({ err: String(error), issuer: this.settings.issuer }, 'Google discovery failed');
      throw error;
    });
    return this.issuer;
  }

  private async load(): Promise<Issuer> {
    const response = await fetch(`${this.settings.issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const discovery = discoverySchema.parse(await response.json());
    const names = new Set([discovery.issuer]);
    if (GOOGLE_ISSUERS.includes(discovery.issuer)) GOOGLE_ISSUERS.forEach((name) => names.add(name));
    return {
      issuers: [...names],
      jwks: createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: TIMEOUT_MS }),
      authorizationEndpoint: discovery.authorization_endpoint,
    };
  }
}
