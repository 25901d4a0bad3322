import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Put,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import type { z } from 'zod';
import {
  changeLanguageSchema,
  changePasswordSchema,
  fieldMessage,
  updateProfileSchema,
  type AccountProfileWithEmail as AccountProfile,
  type Language,
  type Site,
} from '@manzil/contracts';
import {
  AppException,
  Authenticated,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { fullName, toProfile } from '../accounts/account-profile.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { EmailVerification } from '../auth/email-verification.js';
import { hashPassword, verifyPassword } from '../shared/passwords.js';
import { TokensService } from '../tokens/tokens.service.js';
import { publishDirectoryEntry } from '../directory/agent-contact.js';
import { publishAccountChannels } from '../accounts/account-channels.js';
import { ImageUploadInterceptor, type UploadedImage } from '../uploads/image-upload.interceptor.js';
import { UploadsService } from '../uploads/uploads.service.js';

/** The signed-in account's own profile, password, language and picture. */
@Controller('v1/profile')
@Authenticated()
export class ProfileController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
    private readonly accounts: AccountsService,
    private readonly uploads: UploadsService,
    private readonly emailVerification: EmailVerification,
    private readonly tokens: TokensService,
  ) {}

  @Get()
  async profile(@CurrentUser() user: AuthUser, @CurrentSite() site: Site): Promise<AccountProfile> {
    return toProfile(await this.own(user, site), this.config.PUBLIC_PATH);
  }

  /**
   * Names (an agent's or company's Arabic one too) and e-mail; a changed e-mail is unverified
   * until the code sent to it comes back.
   */
  @Put()
  async update(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @Body(new ZodPipe(updateProfileSchema)) body: z.infer<typeof updateProfileSchema>,
  ): Promise<AccountProfile> {
    const account = await this.dataSource.transaction(async (manager) => {
      const own = await this.own(user, site);
      if (body.email !== undefined)
        await this.accounts.assertFree(manager, site, { email: body.email }, own.id);
      if (own.role === 'company') {
        if (body.name !== undefined) own.name = body.name;
      } else {
        own.firstName = body.firstName ?? own.firstName;
        own.lastName = body.lastName ?? own.lastName;
        if (body.firstName !== undefined || body.lastName !== undefined) {
          own.name = fullName(own.firstName ?? '', own.lastName ?? '');
        } else if (body.name !== undefined) {
          own.name = body.name;
        }
      }
      // The Arabic form of the name: Arabic pages and the directory show it for agents and companies.
      if (body.nameAr !== undefined && (own.role === 'agent' || own.role === 'company'))
        own.nameAr = body.nameAr;
      const emailChanged =
        body.email !== undefined &&
        body.email.trim().toLowerCase() !== (own.email ?? '').trim().toLowerCase();
      if (body.email !== undefined) own.email = body.email;
      // A new address is not proved yet: verified again with a code sent to it.
      if (emailChanged) own.emailVerified = false;
      const saved = await manager.save(own);
      await publishDirectoryEntry(manager, saved);
      if (emailChanged) await publishAccountChannels(manager, saved);
      return { saved, emailChanged };
    });
    if (account.emailChanged) await this.emailVerification.sendQuietly(account.saved);
    return toProfile(account.saved, this.config.PUBLIC_PATH);
  }

  /**
   * The old password must match; the new one follows the rule and differs (contracts). Every
   * other session ends at once, in every service (whoever knew the old password is out); the
   * session that changed it goes on.
   */
  @Put('password')
  async changePassword(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @Body(new ZodPipe(changePasswordSchema)) body: z.infer<typeof changePasswordSchema>,
  ): Promise<null> {
    const account = await this.own(user, site);
    if (!(await verifyPassword(account.passwordHash, body.oldPassword))) {
      throw new AppException('WRONG_PASSWORD', 422, [
        { field: 'oldPassword', message: fieldMessage('password.wrong', language) },
      ]);
    }
    const passwordHash = await hashPassword(body.password);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Account, { id: account.id }, { passwordHash });
      await this.tokens.revokeOthers(account.id, user.sessionId, manager);
    });
    return null;
  }

  /** Spec "change language": the account's language (SMS and notifications use it). */
  @Put('language')
  async changeLanguage(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @Body(new ZodPipe(changeLanguageSchema)) body: z.infer<typeof changeLanguageSchema>,
  ): Promise<null> {
    const account = await this.own(user, site);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Account, { id: account.id }, { language: body.language });
      // Notices (SMS, e-mail) follow the language.
      await publishAccountChannels(manager, account.id);
    });
    return null;
  }

  /** The profile picture (customer, agent) or logo (company); the previous upload is removed. */
  @Post('image')
  @HttpCode(200)
  @UseInterceptors(ImageUploadInterceptor)
  async image(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<AccountProfile> {
    const account = await this.own(user, site);
    const stored = await this.uploads.store(site, file, account.id);
    const previous = account.pictureUploadId;
    account.pictureUploadId = stored.id;
    await this.dataSource.getRepository(Account).update({ id: account.id }, { pictureUploadId: stored.id });
    if (previous) await this.uploads.remove(previous);
    return toProfile(account, this.config.PUBLIC_PATH);
  }

  private async own(user: AuthUser, site: Site): Promise<Account> {
    const account = await this.dataSource
      .getRepository(Account)
      .findOneBy({ id: user.id, site, status: Not('deleted') });
    if (!account) throw new AppException('NOT_FOUND');
    return account;
  }
}
