import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  GOOGLE_SIGNUP_CUSTOMERS_ONLY,
  IDENTITY_LIMITS,
  type AccountRole,
  type GoogleLinkProof,
  type GoogleLinkRequired,
  type Language,
  type LoginResults,
  type Site,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { Account } from '../accounts/account.entity.js';
import { publishAccountChannels } from '../accounts/account-channels.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { OtpService, type MobileOtpTarget, type OtpTiming } from '../otp/otp.service.js';
import { verifyPassword } from '../shared/passwords.js';
import { RateLimiter } from '../shared/rate-limiter.js';
import { TokensService } from '../tokens/tokens.service.js';
import type { GoogleIdentity } from './google-verifier.js';
import { LinkTicketStore, type LinkTicket } from './link-ticket.store.js';

export type GoogleSignInOutcome =
  { kind: 'session'; results: LoginResults } | { kind: 'link'; results: GoogleLinkRequired };

type GoogleRole = Exclude<AccountRole, 'admin'>;

const UNIQUE_VIOLATION = '23505';

/** "+971 ••••••567": enough for the owner to know where the code goes. */
export function maskedMobile(countryCode: string, mobile: string): string {
  return `${countryCode} ${'•'.repeat(Math.max(0, mobile.length - 3))}${mobile.slice(-3)}`;
}

function customersOnly(language: Language): AppException {
  return new AppException('FORBIDDEN', 422, [
    { field: 'role', message: GOOGLE_SIGNUP_CUSTOMERS_ONLY[language] },
  ]);
}

function linkExpired(): AppException {
  return new AppException('GOOGLE_LINK_EXPIRED', 422);
}

/**
 * Who a verified Google ID token signs in as. Google's `sub` finds the account linked to it.
 * Otherwise the account of the site holding the e-mail is linked only when that account
 * proved the e-mail itself (a code sent to it, or an earlier Google sign-up): an e-mail
 * typed at registration proves nothing, and linking on it would hand the account of
 * whoever typed it to the e-mail's owner (or, worse, share one account between a squatter
 * who set its password and the victim who signs in with Google). Then the owner proves the
 * account (its password, or a code to its verified mobile) with a short-lived link ticket,
 * or, when the other account never proved the e-mail, takes it for a separate customer
 * account (Google's proof of the e-mail wins over a claim nobody proved).
 */
@Injectable()
export class GoogleSignIn {
  private readonly logger = new Logger('google');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly otp: OtpService,
    private readonly tickets: LinkTicketStore,
    private readonly limiter: RateLimiter,
  ) {}

  async signIn(
    site: Site,
    language: Language,
    identity: GoogleIdentity,
    role: GoogleRole,
  ): Promise<GoogleSignInOutcome> {
    const linked = await this.accounts.findByGoogleSubject(site, identity.subject);
    if (linked) return { kind: 'session', results: await this.issue(linked) };

    const holder = await this.accounts.findByEmail(site, identity.email);
    if (!holder) return { kind: 'session', results: await this.signUp(site, language, identity, role) };

    if (holder.emailVerified && holder.googleSubject === null) {
      if (holder.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 403);
      // Only an account with no Google account yet is linked: the condition makes a race harmless.
      await this.dataSource
        .getRepository(Account)
        .createQueryBuilder()
        .update()
        .set({ googleSubject: identity.subject })
        .where('id = :id AND google_subject IS NULL', { id: holder.id })
        .execute()
        .catch((error: unknown) => {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        });
      return { kind: 'session', results: await this.issue(holder) };
    }
    return { kind: 'link', results: await this.linkRequired(site, language, identity, role, holder) };
  }

  /** Sends a code to the verified mobile of the ticket's account. */
  async sendLinkOtp(site: Site, token: string): Promise<OtpTiming> {
    const { account } = await this.ticketAccount(site, token, 'otp');
    return this.otp.request(this.otpTarget(account), account.language);
  }

  /** The account proved (password or code): Google is linked to it, its e-mail verified, and a session starts. */
  async link(site: Site, token: string, proof: { password?: string; otp?: string }): Promise<LoginResults> {
    const method: GoogleLinkProof = proof.password !== undefined ? 'password' : 'otp';
    const { ticket, account } = await this.ticketAccount(site, token, method);
    // Per account, as a login is per mobile: fresh tickets (a Google account can mint many) do not add guesses.
    await this.limiter.hit(method === 'password' ? 'login' : 'otp-verify', { site, accountId: account.id });
    if (method === 'password') {
      if (!(await verifyPassword(account.passwordHash, proof.password ?? ''))) {
        await this.tickets.fail(token);
        throw new AppException('GOOGLE_LINK_PASSWORD_INVALID', 422);
      }
    } else {
      await this.otp.verify(this.otpTarget(account), proof.otp ?? '');
    }
    if (!(await this.tickets.take(token))) throw linkExpired();
    const linked = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(Account, {
        where: { id: account.id, site },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current || current.status === 'deleted' || !sameEmail(current.email, ticket.identity.email)) {
        throw linkExpired();
      }
      current.googleSubject = ticket.identity.subject;
      // Google proved the e-mail and the person proved the account: the e-mail is theirs.
      current.emailVerified = true;
      // A code that reached the mobile proves it too.
      if (method === 'otp') current.verified = true;
      try {
        await manager.save(current);
      } catch (error) {
        // This Google account got linked to another account meanwhile.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw linkExpired();
        throw error;
      }
      await publishAccountChannels(manager, current);
      return current;
    });
    this.logger.log({ site, accountId: linked.id, proof: method }, 'Google linked to an existing account');
    return this.issue(linked);
  }

  /**
   * The person does not own (or cannot prove) the account holding the e-mail: a separate
   * customer account takes the e-mail Google proved, and the other account, which never
   * proved it, loses it (it keeps its mobile, password and everything else).
   */
  async separate(site: Site, token: string): Promise<LoginResults> {
    const ticket = await this.tickets.read(site, token);
    if (!ticket) throw linkExpired();
    if (!ticket.separate) throw new AppException('GOOGLE_LINK_PROOF_UNAVAILABLE', 422);
    if (!(await this.tickets.take(token))) throw linkExpired();
    const created = await this.dataSource.transaction(async (manager) => {
      const holder = await manager.findOne(Account, {
        where: { id: ticket.accountId, site },
        lock: { mode: 'pessimistic_write' },
      });
      if (holder && sameEmail(holder.email, ticket.identity.email)) {
        // Proved meanwhile (a code sent to the e-mail reached its owner): it is no longer free.
        if (holder.emailVerified) throw linkExpired();
        await manager.update(Account, { id: holder.id }, { email: null, emailVerified: false });
        await publishAccountChannels(manager, holder.id);
        this.logger.warn(
          { site, accountId: holder.id },
          'an unproved e-mail was released to the Google account that proved it',
        );
      }
      return this.accounts.createFromGoogle(googleAccount(site, 'user', ticket.identity), manager);
    });
    return this.issue(created);
  }

  private async signUp(
    site: Site,
    language: Language,
    identity: GoogleIdentity,
    role: GoogleRole,
  ): Promise<LoginResults> {
    if (role !== 'user') throw customersOnly(language);
    try {
      return await this.issue(await this.accounts.createFromGoogle(googleAccount(site, 'user', identity)));
    } catch (error) {
      // Two first sign-ins at once: the other one created it.
      const account = await this.accounts.findByGoogleSubject(site, identity.subject);
      if (!account) throw error;
      return this.issue(account);
    }
  }

  private async linkRequired(
    site: Site,
    language: Language,
    identity: GoogleIdentity,
    role: GoogleRole,
    holder: Account,
  ): Promise<GoogleLinkRequired> {
    const proofs: GoogleLinkProof[] = [];
    if (holder.status === 'active') {
      if (holder.passwordHash) proofs.push('password');
      // Only a mobile the account proved: a code to a number nobody proved would let whoever
      // holds that number take an account whose password someone else chose.
      if (holder.verified && holder.countryCode && holder.mobile) proofs.push('otp');
    }
    const separate = !holder.emailVerified && role === 'user';
    if (proofs.length === 0 && !separate) {
      if (holder.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 403);
      // Nothing proves the account, and a separate account would be a new agent or company.
      throw customersOnly(language);
    }
    const ticket: LinkTicket = { site, accountId: holder.id, identity, role, proofs, separate };
    this.logger.log(
      { site, accountId: holder.id, proofs, separate },
      'Google sign-in on an account whose e-mail is unproved: proof asked',
    );
    return {
      linkRequired: true,
      ticket: await this.tickets.create(ticket),
      expiresInSeconds: IDENTITY_LIMITS.googleLinkSeconds,
      email: identity.email,
      proofs,
      mobile:
        proofs.includes('otp') && holder.countryCode && holder.mobile
          ? maskedMobile(holder.countryCode, holder.mobile)
          : null,
      separate,
    };
  }

  /** The ticket and its account, when the ticket allows this proof. */
  private async ticketAccount(
    site: Site,
    token: string,
    method: GoogleLinkProof,
  ): Promise<{ ticket: LinkTicket; account: Account }> {
    const ticket = await this.tickets.read(site, token);
    if (!ticket) throw linkExpired();
    if (!ticket.proofs.includes(method)) throw new AppException('GOOGLE_LINK_PROOF_UNAVAILABLE', 422);
    const account = await this.accounts.findById(site, ticket.accountId);
    if (!account || account.status === 'deleted' || !sameEmail(account.email, ticket.identity.email)) {
      throw linkExpired();
    }
    if (account.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 403);
    return { ticket, account };
  }

  private otpTarget(account: Account): MobileOtpTarget {
    if (!account.countryCode || !account.mobile) throw new AppException('GOOGLE_LINK_PROOF_UNAVAILABLE', 422);
    return { site: account.site, purpose: 'link', countryCode: account.countryCode, mobile: account.mobile };
  }

  private async issue(account: Account): Promise<LoginResults> {
    if (account.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 403);
    return this.tokens.issue(account);
  }
}

function sameEmail(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function googleAccount(site: Site, role: GoogleRole, identity: GoogleIdentity) {
  return {
    site,
    role,
    subject: identity.subject,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    picture: identity.picture,
  };
}
