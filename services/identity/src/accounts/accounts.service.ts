import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  accountNafathVerifiedV1,
  accountRegisteredV1,
  fieldMessage,
  TOPICS,
  type AccountRole,
  type Language,
  type Site,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { AppException, currentContext } from '@manzil/nest-kit/base';
import { requestId } from '../shared/request-id.js';
import { Account } from './account.entity.js';
import { fullName } from './account-profile.js';
import { publishDirectoryEntry } from '../directory/agent-contact.js';
import { publishAccountChannels } from './account-channels.js';

/** The columns a new account is created with (the rest take their defaults). */
export type NewAccount = Partial<Omit<Account, 'id' | 'createdAt' | 'updatedAt'>> &
  Pick<Account, 'site' | 'role' | 'name'>;

export interface GoogleAccountInput {
  site: Site;
  /** Google's `sub`: the Google account, whatever its e-mail becomes. */
  subject: string;
  role: Exclude<AccountRole, 'admin'>;
  email: string;
  firstName: string;
  lastName: string;
  picture: string | null;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Accounts of every role, always on one site. Creating an account publishes
 * `identity.account.registered` through the outbox in the same transaction.
 */
@Injectable()
export class AccountsService {
  // `@Inject(DataSource)` is what `@InjectDataSource()` gives for the default data source
  // (getDataSourceToken()): the seeds (`cli.js setup`) use this class, and @nestjs/typeorm would
  // load @nestjs/core into that process.
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** An account that is not deleted, by e-mail (case-insensitive) on the site. */
  findByEmail(site: Site, email: string): Promise<Account | null> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .where('account.site = :site AND lower(account.email) = lower(:email) AND account.status <> :deleted', {
        site,
        email: email.trim(),
        deleted: 'deleted',
      })
      .getOne();
  }

  /** The account (not deleted) that this Google account is linked to on the site. */
  findByGoogleSubject(site: Site, subject: string): Promise<Account | null> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .where('account.site = :site AND account.google_subject = :subject AND account.status <> :deleted', {
        site,
        subject,
        deleted: 'deleted',
      })
      .getOne();
  }

  /** Any account (whatever its status) holding the mobile number on the site. */
  findByMobile(site: Site, countryCode: string, mobile: string): Promise<Account | null> {
    return this.dataSource.getRepository(Account).findOneBy({ site, countryCode, mobile });
  }

  findById(site: Site, id: string): Promise<Account | null> {
    return this.dataSource.getRepository(Account).findOneBy({ site, id });
  }

  /** Google sign-up: the e-mail is verified by Google, so the account and its e-mail are verified; no password, no mobile yet. */
  async createFromGoogle(input: GoogleAccountInput, manager?: EntityManager): Promise<Account> {
    return this.create(
      {
        site: input.site,
        role: input.role,
        name: fullName(input.firstName, input.lastName) || input.email,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        email: input.email.trim().toLowerCase(),
        pictureUrl: input.picture,
        googleSubject: input.subject,
        verified: true,
        emailVerified: true,
        freelancer: input.role === 'agent',
        language: currentContext()?.language ?? 'en',
      },
      manager,
    );
  }

  /**
   * Nafath proved who is behind the account: marks it and publishes
   * `identity.account.nafath-verified` (once: a second call changes nothing).
   */
  async markNafathVerified(site: Site, accountId: string, nationalId: string): Promise<Account> {
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.findOne(Account, {
        where: { site, id: accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!account || account.status === 'deleted') throw new AppException('NOT_FOUND');
      if (account.nafathVerifiedAt) return account;
      account.nafathVerifiedAt = new Date();
      account.nationalId = nationalId;
      await manager.save(account);
      await enqueue(
        manager,
        TOPICS.identityAccount,
        newEvent(
          accountNafathVerifiedV1,
          site,
          account.id,
          { accountId: account.id, verifiedAt: account.nafathVerifiedAt.toISOString() },
          requestId(),
        ),
      );
      return account;
    });
  }

  /**
   * Creates an account after checking that its mobile and e-mail are free on the site
   * (422 naming the field, never 409: a 409 logs the client out), and publishes
   * `identity.account.registered` in the same transaction.
   */
  async create(data: NewAccount, manager?: EntityManager): Promise<Account> {
    const run = async (tx: EntityManager) => {
      await this.assertFree(tx, data.site, data);
      const account = tx.create(Account, data);
      try {
        await tx.save(account);
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw duplicate(error);
        throw error;
      }
      await enqueue(
        tx,
        TOPICS.identityAccount,
        newEvent(
          accountRegisteredV1,
          account.site,
          account.id,
          {
            accountId: account.id,
            role: account.role,
            companyId: account.companyId,
            language: account.language,
          },
          requestId(),
        ),
      );
      await publishDirectoryEntry(tx, account);
      await publishAccountChannels(tx, account);
      return account;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /** 422 naming the field when another account of the site holds the mobile or the e-mail. */
  async assertFree(
    manager: EntityManager,
    site: Site,
    fields: { countryCode?: string | null; mobile?: string | null; email?: string | null },
    exceptId?: string,
  ): Promise<void> {
    const taken: { field: string; message: string }[] = [];
    const language: Language = currentContext()?.language ?? 'en';
    if (fields.mobile && fields.countryCode) {
      const holder = await manager.findOneBy(Account, {
        site,
        countryCode: fields.countryCode,
        mobile: fields.mobile,
      });
      if (holder && holder.id !== exceptId)
        taken.push({ field: 'mobile', message: takenMessage('mobile.taken', language) });
    }
    if (fields.email) {
      const holder = await manager
        .createQueryBuilder(Account, 'account')
        .where('account.site = :site AND lower(account.email) = lower(:email)', { site, email: fields.email })
        .getOne();
      if (holder && holder.id !== exceptId)
        taken.push({ field: 'email', message: takenMessage('email.taken', language) });
    }
    if (taken.length) throw new AppException('DUPLICATE_ACCOUNT', 422, taken);
  }
}

function takenMessage(key: 'mobile.taken' | 'email.taken', language: Language): string {
  return fieldMessage(key, language);
}

/** A concurrent registration won the race on a unique index: the same 422 as the check before it. */
function duplicate(error: unknown): AppException {
  const constraint = (error as { constraint?: string }).constraint ?? '';
  const field = constraint.includes('email') ? 'email' : 'mobile';
  const language: Language = currentContext()?.language ?? 'en';
  return new AppException('DUPLICATE_ACCOUNT', 422, [
    { field, message: takenMessage(`${field}.taken`, language) },
  ]);
}
