import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual } from 'typeorm';
import type { Language, Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit/base';
import { AccountsService } from '../accounts/index.js';
import { NafathClient, NafathProviderError, NAFATH_SETTINGS } from './nafath.client.js';
import type { NafathSettings } from './nafath.config.js';
import { nafathMessage, type NafathMessageKey } from './nafath.messages.js';
import { NafathRequest, type NafathRequestStatus } from './nafath-request.entity.js';

const UNIQUE_VIOLATION = '23505';

export interface NafathCallback {
  token: string;
  transId: string;
  requestId?: string;
}

/**
 * Nafath on the Saudi site: start a request, follow it, and accept the provider's signed
 * callback, which alone marks the account verified (`identity.account.nafath-verified`).
 */
@Injectable()
export class NafathService {
  private readonly logger = new Logger('nafath');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly client: NafathClient,
    private readonly accounts: AccountsService,
    @Inject(NAFATH_SETTINGS) private readonly settings: NafathSettings,
  ) {}

  async request(site: Site, accountId: string, nationalId: string, language: Language) {
    const account = await this.accounts.findById(site, accountId);
    if (!account || account.status === 'deleted') throw new AppException('NOT_FOUND');
    if (account.nafathVerifiedAt) throw refused('nafath.verified', language);
    const repository = this.dataSource.getRepository(NafathRequest);
    await repository.update(
      { accountId, status: 'WAITING', expiresAt: LessThanOrEqual(new Date()) },
      { status: 'EXPIRED' },
    );
    // Resend only after the previous request ended (it expired, or was answered).
    if (await repository.existsBy({ accountId, status: 'WAITING' }))
      throw refused('nafath.pending', language);

    const requestId = randomUUID();
    let started: { transId: string; random: string };
    try {
      started = await this.client.request(nationalId, language, requestId);
    } catch (error) {
      throw this.providerFailure(error, language);
    }
    const row = repository.create({
      site,
      accountId,
      nationalId,
      requestId,
      transId: started.transId,
      random: started.random,
      status: 'WAITING',
      expiresAt: new Date(Date.now() + this.settings.requestSeconds * 1000),
    });
    try {
      await repository.insert(row);
    } catch (error) {
      // Two requests of one account at the same moment: the partial unique index keeps one.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw refused('nafath.pending', language);
      throw error;
    }
    return { transId: row.transId, random: row.random, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Where the request stands. A waiting request is polled at the provider; COMPLETED is
   * reported only once the signed callback was verified and the account marked (until
   * then the answer stays WAITING), so COMPLETED always means "verified".
   */
  async status(site: Site, accountId: string, transId: string): Promise<{ status: NafathRequestStatus }> {
    const repository = this.dataSource.getRepository(NafathRequest);
    const row = await repository.findOneBy({ site, accountId, transId });
    if (!row) throw new AppException('NOT_FOUND');
    if (row.status !== 'WAITING') return { status: row.status };
    if (row.expiresAt.getTime() <= Date.now()) {
      await this.finish(row.id, 'EXPIRED');
      return { status: 'EXPIRED' };
    }
    let provider: NafathRequestStatus;
    try {
      provider = await this.client.status(row.nationalId, row.transId, row.random);
    } catch (error) {
      throw this.providerFailure(error, 'en');
    }
    if (provider === 'REJECTED' || provider === 'EXPIRED') {
      await this.finish(row.id, provider);
      return { status: provider };
    }
    return { status: 'WAITING' };
  }

  /**
   * The provider's callback `{ token, transId, requestId }`: the token must verify against
   * the provider's JWKS and name the same request and person. Idempotent: a repeated
   * callback changes nothing. Answers the request's status.
   */
  async callback(body: NafathCallback): Promise<{ status: NafathRequestStatus }> {
    let claims: Record<string, unknown>;
    try {
      claims = await this.client.verify(body.token);
    } catch (error) {
      this.logger.warn({ transId: body.transId, err: String(error) }, 'Nafath callback token refused');
      throw new AppException('UNAUTHORIZED');
    }
    if (claims.transId !== body.transId) throw new AppException('UNAUTHORIZED');
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(NafathRequest, {
        where: { transId: body.transId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw new AppException('NOT_FOUND');
      const nationalId = claims.nationalId ?? claims.sub;
      const requestId = claims.requestId ?? body.requestId;
      if (nationalId !== row.nationalId || (requestId !== undefined && requestId !== row.requestId)) {
        throw new AppException('UNAUTHORIZED');
      }
      if (row.status !== 'WAITING') return { status: row.status };
      if (claims.status === 'COMPLETED') {
        await this.accounts.markNafathVerified(row.site, row.accountId, row.nationalId);
        row.status = 'COMPLETED';
      } else if (claims.status === 'REJECTED' || claims.status === 'EXPIRED') {
        row.status = claims.status;
      } else {
        return { status: row.status };
      }
      await manager.save(row);
      this.logger.log({ transId: row.transId, status: row.status }, 'Nafath request answered');
      return { status: row.status };
    });
  }

  private async finish(id: string, status: NafathRequestStatus): Promise<void> {
    await this.dataSource.getRepository(NafathRequest).update({ id, status: 'WAITING' }, { status });
  }

  /** The provider refused the request (e.g. one is open for this person) → 422; unreachable or misconfigured → 503. */
  private providerFailure(error: unknown, language: Language): AppException {
    if (error instanceof NafathProviderError) {
      this.logger.warn({ status: error.status, code: error.code, msg: error.message }, 'Nafath refused');
      if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
        return refused('nafath.refused', language);
      }
      return new AppException('SERVICE_UNAVAILABLE');
    }
    throw error;
  }
}

function refused(key: NafathMessageKey, language: Language): AppException {
  return new AppException('VALIDATION_FAILED', 422, [
    { field: 'nationalId', message: nafathMessage(key, language) },
  ]);
}
