import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { REDIS } from '@manzil/nest-kit';
import { SigningKey } from '../nafath/signing-key.js';
import type { GoogleSandboxOptions } from './google.config.js';

export const GOOGLE_OPTIONS = Symbol('GOOGLE_OPTIONS');
export const GOOGLE_SIGNING_KEY = Symbol('GOOGLE_SIGNING_KEY');
/** The client id the sandbox writes in `aud` when none is asked for (identity's .env.example uses it). */
export const DEV_GOOGLE_CLIENT_ID = 'manzil-dev.apps.googleusercontent.com';
const CODE_SECONDS = 600;
export const ID_TOKEN_SECONDS = 3600;

/** The OAuth error shape of Google's endpoints: `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export interface Identity {
  email: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
  emailVerified: boolean;
}

export interface MintOptions extends Identity {
  issuer: string;
  audience: string;
  nonce?: string;
  /** Seconds from now; negative gives a token that has already expired. */
  expiresInSeconds?: number;
}

interface StoredCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  idToken: string;
}

/** A Google-compatible OpenID Connect issuer: discovery, JWKS, ID tokens, codes. */
@Injectable()
export class GoogleIssuerService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GOOGLE_OPTIONS) private readonly options: GoogleSandboxOptions,
    @Inject(GOOGLE_SIGNING_KEY) private readonly key: SigningKey,
  ) {}

  /** GOOGLE_ISSUER_URL, else the URL this request came to. */
  issuer(request: Request): string {
    return this.options.issuer ?? `${request.protocol}://${request.get('host')}`;
  }

  discovery(issuer: string) {
    return {
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      response_types_supported: ['code', 'id_token', 'code id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'family_name',
        'given_name',
        'iat',
        'iss',
        'name',
        'picture',
        'sub',
      ],
      grant_types_supported: ['authorization_code'],
    };
  }

  jwks() {
    return this.key.jwks();
  }

  /** Refuses a client id the sandbox was not told about (when GOOGLE_CLIENT_IDS is set). */
  checkClient(clientId: string | undefined): string {
    if (!clientId) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: client_id');
    if (this.options.clientIds.length && !this.options.clientIds.includes(clientId)) {
      throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    }
    return clientId;
  }

  defaultClientId(): string {
    return this.options.clientIds[0] ?? DEV_GOOGLE_CLIENT_ID;
  }

  /** An ID token as Google issues it (RS256, kid in the header). */
  mint(options: MintOptions): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const email = options.email.trim().toLowerCase();
    const [localPart] = email.split('@');
    const name = options.name?.trim() || localPart;
    const [given, ...rest] = name.split(/\s+/);
    return this.key.sign({
      iss: options.issuer,
      azp: options.audience,
      aud: options.audience,
      sub: subjectOf(email),
      email,
      email_verified: options.emailVerified,
      name,
      given_name: options.givenName ?? given,
      family_name: options.familyName ?? (rest.join(' ') || undefined),
      picture: options.picture || undefined,
      ...(options.nonce ? { nonce: options.nonce } : {}),
      iat: now,
      exp: now + (options.expiresInSeconds ?? ID_TOKEN_SECONDS),
    });
  }

  async issueCode(value: StoredCode): Promise<string> {
    const code = `4/${randomBytes(24).toString('base64url')}`;
    await this.redis.set(this.codeKey(code), JSON.stringify(value), 'EX', CODE_SECONDS);
    return code;
  }

  /** A code is used once, by the client it was issued to, with the same redirect_uri. */
  async redeemCode(code: string, clientId: string, redirectUri: string | undefined): Promise<StoredCode> {
    const value = await this.redis.getdel(this.codeKey(code));
    if (!value) throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
    const stored = JSON.parse(value) as StoredCode;
    if (stored.clientId !== clientId)
      throw new OAuthError(400, 'invalid_grant', 'The code was issued to another client.');
    if (redirectUri !== undefined && redirectUri !== stored.redirectUri) {
      throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    }
    return stored;
  }

  private codeKey(code: string): string {
    return `${this.options.namespace}:google:code:${code}`;
  }
}

/** Google's `sub` is a stable numeric string per account: here derived from the e-mail. */
export function subjectOf(email: string): string {
  const hash = createHash('sha256').update(email.toLowerCase()).digest('hex');
  return BigInt(`0x${hash.slice(0, 16)}`)
    .toString()
    .padStart(21, '1');
}
