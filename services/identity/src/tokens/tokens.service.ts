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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Access tokens (RS256, short-lived, signed with JWT_PRIVATE_KEY) and rotating opaque
 * refresh tokens. The access token carries the session fields of spec §3.
 */
@Injectable()
export class TokensService {
  private key?: Promise<CryptoKey>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  /** A new session (a new refresh-token family) for an account that may sign in. */
  async issue(account: Account): Promise<LoginResults> {
    return this.issueInFamily(account, randomUUID(), this.dataSource.manager);
  }

  /**
   * Rotates a refresh token: the presented one is used up and the next of its family is
   * returned. A used, revoked or unknown token → 401; a used one also revokes its whole
   * family (someone replayed it: both holders lose the session).
   */
  async refresh(site: Site, token: string): Promise<LoginResults> {
    const tokenHash = hashToken(token);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(
        `UPDATE "refresh_tokens" SET "used_at" = now()
          WHERE "token_hash" = $1 AND "site" = $2 AND "used_at" IS NULL AND "revoked_at" IS NULL AND "expires_at" > now()
          RETURNING "account_id", "family_id"`,
        [tokenHash, site],
      )) as [{ account_id: string; family_id: string }[], number];
      const used = rows[0][0];
      if (!used) {
        const known = await manager.findOneBy(RefreshToken, { tokenHash, site });
        if (known?.usedAt) await this.revokeFamily(known.familyId, manager);
        return null;
      }
      const account = await manager.findOneBy(Account, { id: used.account_id, site });
      if (!account || account.status !== 'active') {
        await this.revokeFamily(used.family_id, manager);
        return null;
      }
      return this.issueInFamily(account, used.family_id, manager);
    });
    if (!outcome) throw new AppException('UNAUTHORIZED');
    return outcome;
  }

  /** Logout: the family of the presented token ends (whatever the token's state). */
  async logout(site: Site, token: string): Promise<void> {
    const known = await this.dataSource
      .getRepository(RefreshToken)
      .findOneBy({ tokenHash: hashToken(token), site });
    if (known) await this.revokeFamily(known.familyId, this.dataSource.manager);
  }

  /** Every session of an account ends (deactivation, deletion, password reset). */
  async revokeAll(accountId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `UPDATE "refresh_tokens" SET "revoked_at" = now() WHERE "account_id" = $1 AND "revoked_at" IS NULL`,
      [accountId],
    );
  }

  private async revokeFamily(familyId: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "refresh_tokens" SET "revoked_at" = now() WHERE "family_id" = $1 AND "revoked_at" IS NULL`,
      [familyId],
    );
  }

  private async issueInFamily(
    account: Account,
    familyId: string,
    manager: EntityManager,
  ): Promise<LoginResults> {
    const refresh = randomBytes(32).toString('base64url');
    await manager.insert(RefreshToken, {
      accountId: account.id,
      site: account.site,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_SECONDS * 1000),
    });
    return {
      token: await this.accessToken(account),
      refresh_token: refresh,
      is_nafath_verified: account.nafathVerifiedAt !== null,
      verified: account.verified,
    };
  }

  private async accessToken(account: Account): Promise<string> {
    this.key ??= importPKCS8(this.config.JWT_PRIVATE_KEY, 'RS256');
    return new SignJWT({
      role: account.role,
      site: account.site,
      companyId: account.companyId ?? undefined,
      name: account.name,
      firstName: account.firstName ?? undefined,
      picture: pictureOf(account, this.config.PUBLIC_PATH),
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(account.id)
      .setIssuer('manzil-identity')
      .setIssuedAt()
      .setExpirationTime(`${this.config.ACCESS_TOKEN_SECONDS}s`)
      .sign(await this.key);
  }
}
