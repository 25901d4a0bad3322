import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource, type EntityManager } from 'typeorm';
import { publishRevocations, REDIS, type Revoked } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { AfterCommitSubscriber, afterCommit } from './after-commit.js';

type Returning<T> = [T[], number];

/** A publication that does not answer within this long is left to the next sync. */
const PUBLISH_TIMEOUT_MS = 1_000;

/**
 * Ending sessions so that every service refuses them on the next request, not when the
 * 15-minute access token runs out. The database is the truth (refresh tokens revoked,
 * `accounts.token_version` raised); after the commit the revocation is written to Redis,
 * where nest-kit's guard reads it in every service (`tv:<account>`, `rs:<session>`). A write
 * that fails (Redis down) is not lost: `sync` writes the revocations of the last access-token
 * lifetime again, at boot and every `REVOCATION_SYNC_MS`.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('revocations');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onModuleInit(): void {
    if (!this.dataSource.subscribers.some((subscriber) => subscriber instanceof AfterCommitSubscriber)) {
      this.dataSource.subscribers.push(new AfterCommitSubscriber());
    }
  }

  onApplicationBootstrap(): void {
    const every = this.config.REVOCATION_SYNC_MS;
    if (every <= 0) return;
    void this.sync();
    this.timer = setInterval(() => void this.sync(), every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Every session of the account ends (deactivation, deletion, password reset, logout everywhere). */
  async revokeAccount(accountId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const [rows] = (await manager.query(
      `UPDATE "accounts" SET "token_version" = "token_version" + 1, "tokens_revoked_at" = now()
        WHERE "id" = $1 RETURNING "token_version"`,
      [accountId],
    )) as Returning<{ token_version: number }>;
    await manager.query(
      `UPDATE "refresh_tokens" SET "revoked_at" = now() WHERE "account_id" = $1 AND "revoked_at" IS NULL`,
      [accountId],
    );
    const version = rows[0]?.token_version;
    if (version === undefined) return;
    await afterCommit(manager, () => this.publish({ accounts: [{ id: accountId, version }] }));
  }

  /** These sessions (refresh families) end; the account's others go on. */
  async revokeSessions(familyIds: string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (!familyIds.length) return;
    await manager.query(
      `UPDATE "refresh_tokens" SET "revoked_at" = now() WHERE "family_id" = ANY($1::uuid[]) AND "revoked_at" IS NULL`,
      [familyIds],
    );
    await afterCommit(manager, () => this.publish({ sessions: familyIds }));
  }

  /** Every session of the account but `keep` ends (a password change: the session that made it goes on). */
  async revokeOtherSessions(
    accountId: string,
    keep: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const [rows] = (await manager.query(
      `UPDATE "refresh_tokens" SET "revoked_at" = now()
        WHERE "account_id" = $1 AND "family_id" <> $2 AND "revoked_at" IS NULL RETURNING "family_id"`,
      [accountId, keep],
    )) as Returning<{ family_id: string }>;
    const families = [...new Set(rows.map((row) => row.family_id))];
    if (families.length) await afterCommit(manager, () => this.publish({ sessions: families }));
  }

  /**
   * Writes to Redis again every revocation a live access token could still meet (those of the
   * last access-token lifetime): a publication lost while Redis was down, or a Redis that
   * restarted empty, is restored within one interval.
   */
  async sync(): Promise<void> {
    const window = this.config.ACCESS_TOKEN_SECONDS;
    try {
      const accounts = (await this.dataSource.query(
        `SELECT "id", "token_version" FROM "accounts" WHERE "tokens_revoked_at" > now() - make_interval(secs => $1)`,
        [window],
      )) as { id: string; token_version: number }[];
      const sessions = (await this.dataSource.query(
        `SELECT DISTINCT "family_id" FROM "refresh_tokens" WHERE "revoked_at" > now() - make_interval(secs => $1)`,
        [window],
      )) as { family_id: string }[];
      await this.publish({
        accounts: accounts.map((row) => ({ id: row.id, version: row.token_version })),
        sessions: sessions.map((row) => row.family_id),
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'revocation sync failed');
    }
  }

  private async publish(revoked: Revoked): Promise<void> {
    // Kept as long as a token issued before the revocation may live, with a minute of clock skew.
    const ttl = this.config.ACCESS_TOKEN_SECONDS + 60;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        publishRevocations(this.redis, this.config.BUS_NAMESPACE, revoked, ttl),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), PUBLISH_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.logger.warn({ err: error }, 'revocation not written to Redis now: the next sync writes it');
    } finally {
      clearTimeout(timer);
    }
  }
}
