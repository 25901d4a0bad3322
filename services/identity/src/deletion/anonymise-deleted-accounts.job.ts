import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThanOrEqual } from 'typeorm';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { anonymiseAccount } from './anonymise.js';
import { DeletionRequest } from './deletion-request.entity.js';

const BATCH = 100;

/**
 * Anonymises the accounts whose deletion grace period is over. `execute(now)` is the whole
 * job (tests call it with a date); the interval only calls it. Rows are locked SKIP LOCKED,
 * so replicas running the same job share the work.
 */
@Injectable()
export class AnonymiseDeletedAccounts implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('anonymise-deleted-accounts');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
    private readonly uploads: UploadsService,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.DELETION_JOB_INTERVAL_MS;
    if (every <= 0) return;
    this.timer = setInterval(() => {
      this.execute(new Date()).catch((error: unknown) =>
        this.logger.error({ err: error }, 'anonymisation failed'),
      );
    }, every);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Returns how many accounts were anonymised. */
  async execute(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const uploads: string[] = [];
      const count = await this.dataSource.transaction(async (manager) => {
        const due = await manager.find(DeletionRequest, {
          where: { eraseAfter: LessThanOrEqual(now), anonymisedAt: IsNull() },
          order: { eraseAfter: 'ASC' },
          take: BATCH,
          lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
        });
        for (const request of due) {
          const account = await manager.findOneBy(Account, { id: request.accountId });
          if (account && !account.anonymisedAt) {
            const upload = await anonymiseAccount(manager, account, now);
            if (upload) uploads.push(upload);
          }
          await manager.update(DeletionRequest, { id: request.id }, { anonymisedAt: now, reason: null });
        }
        return due.length;
      });
      for (const upload of uploads) await this.uploads.remove(upload);
      total += count;
      if (count < BATCH) break;
    }
    if (total > 0) this.logger.log({ total }, 'accounts anonymised');
    return total;
  }
}
