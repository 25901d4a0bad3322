import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { LoginResults, Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { pictureOf } from '../accounts/account-profile.js';
import { RefreshToken } from './refresh-token.entity.js';
import { SessionRevocations } from './session-revocations.js';
import { SIGNING_KEYS, type SigningKeys } from './signing-keys.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Access tokens (RS256, short-lived, signed with the current key and its `kid`) and rotating
 * opaque refresh tokens. The access token carries the session fields of spec §3, the
 * account's token version (`tv`) and its session (`sid`, the refresh family), which the
 * services check against the revocations in Redis.
 */
@Injectable()
export class TokensService {
  private key?: Promise<CryptoKey>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
    @Inject(SIGNING_KEYS) private readonly keys: SigningKeys,
    private readonly revocations: SessionRevocations,
  ) {}

  /** A new session (a new refresh-token family) for an account that may sign in. */
  async issue(account: Account): Promise<LoginResults> {
    const sessionEnds = new Date(Date.now() + this.config.SESSION_MAX_SECONDS * 1000);
    return this.issueInFamily(account, randomUUID(), sessionEnds, this.dataSource.manager);
  }

  /**
   * Rotates a refresh token: the presented one is used up and the next of its family is
   * returned. A used, revoked, unknown or expired token → 401, and so is any token of a family
   * that ended (revoked, or past its absolute end); a used one also revokes its whole family
   * (someone replayed it: both holders lose the session).
   */
  async refresh(site: Site, token: string): Promise<LoginResults> {
    const tokenHash = hashToken(token);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `UPDATE "refresh_tokens" AS token SET "used_at" = now()
          WHERE "token_hash" = $1 AND "site" = $2 AND "used_at" IS NULL AND "revoked_at" IS NULL
            AND "expires_at" > now() AND "session_expires_at" > now()
            AND NOT EXISTS (SELECT 1 FROM "refresh_tokens" AS ended
                             WHERE ended."family_id" = token."family_id" AND ended."revoked_at" IS NOT NULL)
          RETURNING "account_id", "family_id", "session_expires_at"`,
        [tokenHash, site],
      )) as [{ account_id: string; family_id: string; session_expires_at: Date }[], number];
      const used = rows[0][0];
      if (!used) {
        const known = await manager.findOneBy(RefreshToken, { tokenHash, site });
        if (known?.usedAt) await this.revocations.revokeSessions([known.familyId], manager);
        return null;
      }
      const account = await manager.findOneBy(Account, { id: used.account_id, site });
      if (!account || account.status !== 'active') {
        await this.revocations.revokeSessions([used.family_id], manager);
        return null;
      }
      return this.issueInFamily(account, used.family_id, new Date(used.session_expires_at), manager);
    });
    if (!outcome) throw new AppException('UNAUTHORIZED');
    return outcome;
  }

  /**
   * Logout: the family of the presented token ends (whatever the token's state), and with it
   * the access tokens of that session, in every service.
   */
  async logout(site: Site, token: string): Promise<void> {
    const known = await this.dataSource
      .getRepository(RefreshToken)
      .findOneBy({ tokenHash: hashToken(token), site });
    if (known) await this.revocations.revokeSessions([known.familyId]);
  }

  /**
   * Every session of an account ends, its access tokens included, in every service
   * (deactivation, deletion, password reset, logout everywhere).
   */
  async revokeAll(accountId: string, manager?: EntityManager): Promise<void> {
    if (manager) return this.revocations.revokeAccount(accountId, manager);
    await this.dataSource.transaction((tx) => this.revocations.revokeAccount(accountId, tx));
  }

  /** Every session but `sessionId` ends (a password change); without one, every session. */
  async revokeOthers(
    accountId: string,
    sessionId: string | undefined,
    manager: EntityManager,
  ): Promise<void> {
    if (sessionId) await this.revocations.revokeOtherSessions(accountId, sessionId, manager);
    else await this.revocations.revokeAccount(accountId, manager);
  }

  private async issueInFamily(
    account: Account,
    familyId: string,
    sessionEnds: Date,
    manager: EntityManager,
  ): Promise<LoginResults> {
    const refresh = randomBytes(32).toString('base64url');
    const sliding = Date.now() + this.config.REFRESH_TOKEN_SECONDS * 1000;
    await manager.insert(RefreshToken, {
      accountId: account.id,
      site: account.site,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Math.min(sliding, sessionEnds.getTime())),
      sessionExpiresAt: sessionEnds,
    });
    return {
      token: await this.accessToken(account, familyId),
      refresh_token: refresh,
      is_nafath_verified: account.nafathVerifiedAt !== null,
      verified: account.verified,
    };
  }

  private async accessToken(account: Account, sessionId: string): Promise<string> {
    this.key ??= importPKCS8(this.keys.privateKey, 'RS256');
    return new SignJWT({
      role: account.role,
      site: account.site,
      companyId: account.companyId ?? undefined,
      name: account.name,
      firstName: account.firstName ?? undefined,
      picture: pictureOf(account, this.config.PUBLIC_PATH),
      // A new account's row has not been read back: its version is the column's default, 0.
      tv: account.tokenVersion ?? 0,
      sid: sessionId,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.keys.kid })
      .setSubject(account.id)
      .setIssuer(this.config.JWT_ISSUER)
      .setAudience(this.config.JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.config.ACCESS_TOKEN_SECONDS}s`)
      .sign(await this.key);
  }
}
