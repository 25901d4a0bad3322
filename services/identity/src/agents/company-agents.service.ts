import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  accountDeletedV1,
  fieldMessage,
  TOPICS,
  type agentDetailSchema,
  type agentSummarySchema,
  type createAgentSchema,
  type Language,
  type Page,
  type Site,
  type updateAgentSchema,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { publishAgentContact } from '../directory/agent-contact.js';
import { publishAccountChannels } from '../accounts/account-channels.js';
import { AppException } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { fullName, pictureOf } from '../accounts/account-profile.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { anonymiseAccount } from '../deletion/anonymise.js';
import { hashPassword } from '../shared/passwords.js';
import { requestId } from '../shared/request-id.js';
import { TokensService } from '../tokens/tokens.service.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { agentPlaces, HELD } from './agent-places.js';

type AgentSummary = z.infer<typeof agentSummarySchema>;
type AgentDetail = z.infer<typeof agentDetailSchema>;
type CreateAgent = z.infer<typeof createAgentSchema>;
type UpdateAgent = z.infer<typeof updateAgentSchema>;

/** Agents that count against the plan's agent quota (a deleted one frees its place). */

/**
 * A company's agents. Every query is scoped by the site and by the company: another
 * company's agent is simply not found (404).
 */
@Injectable()
export class CompanyAgentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly uploads: UploadsService,
  ) {}

  async list(site: Site, companyId: string, page: number, limit: number): Promise<Page<AgentSummary>> {
    const [agents, total] = await this.dataSource.getRepository(Account).findAndCount({
      where: { site, companyId, role: 'agent', status: HELD },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { items: agents.map((agent) => this.summary(agent)), page, limit, total };
  }

  async get(site: Site, companyId: string, id: string): Promise<AgentDetail> {
    return this.detail(await this.own(this.dataSource.manager, site, companyId, id));
  }

  /**
   * Needs an active entitlement whose agent quota is not used up (402: a 403 would log the
   * company out). The company row is locked so two adds cannot both take the last place.
   */
  async create(site: Site, companyId: string, language: Language, body: CreateAgent): Promise<AgentSummary> {
    const passwordHash = await hashPassword(body.password);
    const agent = await this.dataSource.transaction(async (manager) => {
      const places = await agentPlaces(manager, site, companyId);
      if (places === 'no-subscription') throw new AppException('SUBSCRIPTION_REQUIRED_AGENT', 402);
      if (places === 'full') throw new AppException('AGENT_LIMIT_REACHED', 402);
      await this.requirePicture(manager, site, body.pictureId, language);
      const created = await this.accounts.create(
        {
          site,
          role: 'agent',
          name: fullName(body.firstName, body.lastName),
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          countryCode: body.countryCode,
          mobile: body.mobile,
          passwordHash,
          // The company vouches for its agent's number: the agent signs in with the password it was given.
          verified: true,
          language,
          companyId,
          whatsapp: body.whatsapp,
          nationality: body.nationality ?? null,
          languages: body.languages,
          designation: body.designation ?? null,
          brn: body.brn,
          bio: body.bio ?? null,
          pictureUploadId: body.pictureId,
        },
        manager,
      );
      await this.claimPicture(manager, site, body.pictureId, created.id, language);
      return created;
    });
    return this.summary(agent);
  }

  async update(
    site: Site,
    companyId: string,
    id: string,
    language: Language,
    body: UpdateAgent,
  ): Promise<AgentSummary> {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    let replaced: string | null = null;
    const agent = await this.dataSource.transaction(async (manager) => {
      const agent = await this.own(manager, site, companyId, id);
      await this.accounts.assertFree(manager, site, body, agent.id);
      if (body.pictureId && body.pictureId !== agent.pictureUploadId) {
        await this.requirePicture(manager, site, body.pictureId, language, agent.id);
        await this.claimPicture(manager, site, body.pictureId, agent.id, language);
        replaced = agent.pictureUploadId;
        agent.pictureUploadId = body.pictureId;
      }
      Object.assign(agent, {
        firstName: body.firstName,
        lastName: body.lastName,
        name: fullName(body.firstName, body.lastName),
        email: body.email,
        countryCode: body.countryCode,
        mobile: body.mobile,
        whatsapp: body.whatsapp,
        nationality: body.nationality ?? null,
        languages: body.languages,
        designation: body.designation ?? null,
        brn: body.brn,
        bio: body.bio ?? null,
      });
      if (passwordHash) agent.passwordHash = passwordHash;
      await manager.save(agent);
      await publishAgentContact(manager, agent);
      await publishAccountChannels(manager, agent);
      if (passwordHash) await this.tokens.revokeAll(agent.id, manager);
      return agent;
    });
    // The picture it had is nobody's any more.
    if (replaced) await this.uploads.remove(replaced);
    return this.summary(agent);
  }

  /** Inactive: the agent cannot sign in and its sessions end. */
  async setStatus(
    site: Site,
    companyId: string,
    id: string,
    status: 'active' | 'inactive',
  ): Promise<AgentSummary> {
    const agent = await this.dataSource.transaction(async (manager) => {
      const agent = await this.own(manager, site, companyId, id);
      agent.status = status;
      await manager.update(Account, { id: agent.id }, { status });
      await publishAgentContact(manager, agent);
      await publishAccountChannels(manager, agent);
      if (status === 'inactive') await this.tokens.revokeAll(agent.id, manager);
      return agent;
    });
    return this.summary(agent);
  }

  /**
   * A company deleting its agent: the person's data is anonymised at once (the company,
   * not the person, asked: there is no grace period to wait for), the row stays for the
   * listings that name it, and `identity.account.deleted` tells the other services.
   */
  async remove(site: Site, companyId: string, id: string): Promise<void> {
    const upload = await this.dataSource.transaction(async (manager) => {
      const agent = await this.own(manager, site, companyId, id);
      const now = new Date();
      const upload = await anonymiseAccount(manager, agent, now);
      await this.tokens.revokeAll(agent.id, manager);
      await enqueue(
        manager,
        TOPICS.identityAccount,
        newEvent(
          accountDeletedV1,
          site,
          agent.id,
          { accountId: agent.id, eraseAfter: now.toISOString() },
          requestId(),
        ),
      );
      return upload;
    });
    if (upload) await this.uploads.remove(upload);
  }

  /** The largest agent quota of the company's entitlements running now, or null without one. */
  private async own(manager: EntityManager, site: Site, companyId: string, id: string): Promise<Account> {
    const isUuid = /^[0-9a-f-]{36}$/i.test(id);
    const agent = isUuid
      ? await manager.findOneBy(Account, { site, companyId, id, role: 'agent', status: HELD })
      : null;
    if (!agent) throw new AppException('NOT_FOUND');
    return agent;
  }

  /** An upload of the site that nobody claimed yet (or the agent's own). */
  private async requirePicture(
    manager: EntityManager,
    site: Site,
    id: string,
    language: Language,
    agentId?: string,
  ): Promise<void> {
    if (!(await this.uploads.claimable(manager, site, id, agentId))) throw pictureRequired(language);
  }

  /** The agent takes the picture, in the same transaction. */
  private async claimPicture(
    manager: EntityManager,
    site: Site,
    id: string,
    agentId: string,
    language: Language,
  ): Promise<void> {
    if (!(await this.uploads.claim(manager, site, id, agentId))) throw pictureRequired(language);
  }

  private summary(agent: Account): AgentSummary {
    return {
      id: agent.id,
      firstName: agent.firstName ?? '',
      lastName: agent.lastName ?? '',
      email: agent.email ?? '',
      countryCode: (agent.countryCode ?? '+971') as AgentSummary['countryCode'],
      mobile: agent.mobile ?? '',
      brn: agent.brn ?? '',
      designation: agent.designation,
      status: agent.status === 'active' ? 'active' : 'inactive',
      picture: pictureOf(agent, this.config.PUBLIC_PATH),
    };
  }

  private detail(agent: Account): AgentDetail {
    return {
      ...this.summary(agent),
      whatsapp: agent.whatsapp,
      nationality: agent.nationality,
      languages: agent.languages,
      bio: agent.bio,
      pictureId: agent.pictureUploadId,
    };
  }
}

function pictureRequired(language: Language): AppException {
  return new AppException('VALIDATION_FAILED', 422, [
    { field: 'pictureId', message: fieldMessage('picture.required', language) },
  ]);
}
