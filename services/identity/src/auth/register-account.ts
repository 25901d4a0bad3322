import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  fieldMessage,
  type Language,
  type registerAgentSchema,
  type registerCompanySchema,
  type registerCustomerSchema,
  type Site,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { Account } from '../accounts/account.entity.js';
import { fullName } from '../accounts/account-profile.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { OtpService } from '../otp/otp.service.js';
import { EmailVerification } from './email-verification.js';
import { hashPassword } from '../shared/passwords.js';
import { UploadsService } from '../uploads/uploads.service.js';
import type { UnverifiedResults } from './unverified-account.exception.js';
import { agentPlaces } from '../agents/agent-places.js';

export type RegisterCustomer = z.infer<typeof registerCustomerSchema>;
export type RegisterAgent = z.infer<typeof registerAgentSchema>;
export type RegisterCompany = z.infer<typeof registerCompanySchema>;
export type Registration =
  | { kind: 'customer'; body: RegisterCustomer }
  | { kind: 'agent'; body: RegisterAgent }
  | { kind: 'company'; body: RegisterCompany };

/**
 * Sign-up of a customer, an agent (of a company, or freelancer) or a company on the
 * request's site: the account is created unverified and an OTP goes to its mobile (and
 * another to its e-mail); the mobile OTP's verification signs the person in.
 */
@Injectable()
export class RegisterAccount {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly uploads: UploadsService,
    private readonly otp: OtpService,
    private readonly emailVerification: EmailVerification,
  ) {}

  async execute(site: Site, language: Language, registration: Registration): Promise<UnverifiedResults> {
    const { body } = registration;
    const passwordHash = await hashPassword(body.password);
    const common = {
      site,
      email: body.email,
      countryCode: body.countryCode,
      mobile: body.mobile,
      passwordHash,
      language,
      verified: false,
    };
    const account = await this.dataSource.transaction(async (manager) => {
      if (registration.kind === 'customer') {
        const { firstName, lastName } = registration.body;
        return this.accounts.create(
          { ...common, role: 'user', name: fullName(firstName, lastName), firstName, lastName },
          manager,
        );
      } else if (registration.kind === 'agent') {
        const agent = registration.body;
        const companyId = agent.freelancer ? null : (agent.companyId ?? null);
        if (companyId) {
          await this.requireCompany(manager, site, companyId, language);
          // Joining a company takes one of its paid places, as when the company adds the agent.
          if ((await agentPlaces(manager, site, companyId)) !== 'free') {
            throw new AppException('VALIDATION_FAILED', 422, [
              { field: 'companyId', message: fieldMessage('company.full', language) },
            ]);
          }
        }
        await this.requireUpload(manager, site, agent.pictureId, 'pictureId', 'picture.required', language);
        const created = await this.accounts.create(
          {
            ...common,
            role: 'agent',
            name: fullName(agent.firstName, agent.lastName),
            firstName: agent.firstName,
            lastName: agent.lastName,
            companyId,
            freelancer: companyId === null,
            whatsapp: agent.whatsapp,
            nationality: agent.nationality ?? null,
            languages: agent.languages,
            designation: agent.designation ?? null,
            brn: agent.brn,
            bio: agent.bio ?? null,
            pictureUploadId: agent.pictureId,
          },
          manager,
        );
        await this.claimUpload(
          manager,
          site,
          agent.pictureId,
          created.id,
          'pictureId',
          'picture.required',
          language,
        );
        return created;
      } else {
        const company = registration.body;
        await this.requireUpload(manager, site, company.logoId, 'logoId', 'logo.required', language);
        const created = await this.accounts.create(
          {
            ...common,
            role: 'company',
            name: company.name,
            orn: company.orn,
            authorizedPerson: company.authorizedPerson,
            headOffice: company.headOffice,
            latitude: company.latitude,
            longitude: company.longitude,
            pictureUploadId: company.logoId,
          },
          manager,
        );
        await this.claimUpload(
          manager,
          site,
          company.logoId,
          created.id,
          'logoId',
          'logo.required',
          language,
        );
        return created;
      }
    });
    await this.otp.send(
      { site, purpose: 'signup', countryCode: body.countryCode, mobile: body.mobile },
      language,
    );
    // Spec §7 verify-email: a code to the e-mail too (proved later from the profile; login does not wait for it).
    await this.emailVerification.sendQuietly(account);
    return { verified: false, countryCode: body.countryCode, mobile: body.mobile, purpose: 'signup' };
  }

  private async requireCompany(
    manager: EntityManager,
    site: Site,
    id: string,
    language: Language,
  ): Promise<void> {
    const company = await manager.findOneBy(Account, { site, id, role: 'company', status: 'active' });
    if (!company) {
      throw new AppException('VALIDATION_FAILED', 422, [
        { field: 'companyId', message: fieldMessage('company.required', language) },
      ]);
    }
  }

  /** An upload of the site that nobody claimed yet (checked before the account is made, so the form's fields fail together). */
  private async requireUpload(
    manager: EntityManager,
    site: Site,
    id: string,
    field: string,
    message: 'picture.required' | 'logo.required',
    language: Language,
  ): Promise<void> {
    if (!(await this.uploads.claimable(manager, site, id))) {
      throw new AppException('VALIDATION_FAILED', 422, [{ field, message: fieldMessage(message, language) }]);
    }
  }

  /** The new account takes the upload, in the same transaction (a concurrent claim loses with the same 422). */
  private async claimUpload(
    manager: EntityManager,
    site: Site,
    id: string,
    accountId: string,
    field: string,
    message: 'picture.required' | 'logo.required',
    language: Language,
  ): Promise<void> {
    if (!(await this.uploads.claim(manager, site, id, accountId))) {
      throw new AppException('VALIDATION_FAILED', 422, [{ field, message: fieldMessage(message, language) }]);
    }
  }
}
