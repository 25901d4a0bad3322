import { Module } from '@nestjs/common';
import { AgentsController, CompaniesController } from './agents/agents.controller.js';
import { CompanyAgentsService } from './agents/company-agents.service.js';
import { SubscriptionEventsController } from './agents/subscription-events.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { EmailVerification, EmailVerificationController } from './auth/email-verification.js';
import { RegisterAccount } from './auth/register-account.js';
import { SignInService } from './auth/sign-in.service.js';
import { AnonymiseDeletedAccounts } from './deletion/anonymise-deleted-accounts.job.js';
import { DeletionController } from './deletion/deletion.controller.js';
import {
  DeletionRequestsAdminController,
  DeletionRequestsQueryService,
} from './deletion/deletion-requests.admin.js';
import { RequestDeletion } from './deletion/request-deletion.js';
import { DirectoryController } from './directory/directory.controller.js';
import { DirectoryService } from './directory/directory.service.js';
import { ProfileController } from './profile/profile.controller.js';
import { UploadsController } from './uploads/uploads.controller.js';

/** Sign-up and sign-in, profile, uploads, company agents, the public directory and account deletion. */
@Module({
  controllers: [
    AuthController,
    EmailVerificationController,
    ProfileController,
    UploadsController,
    AgentsController,
    CompaniesController,
    DirectoryController,
    DeletionController,
    DeletionRequestsAdminController,
    SubscriptionEventsController,
  ],
  providers: [
    RegisterAccount,
    EmailVerification,
    SignInService,
    CompanyAgentsService,
    DirectoryService,
    RequestDeletion,
    DeletionRequestsQueryService,
    AnonymiseDeletedAccounts,
  ],
})
export class FeaturesModule {}
