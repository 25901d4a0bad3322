import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  normalizeArabic,
  type DirectoryQuery,
  type Page,
  type PaginationQuery,
  type PublicAgent,
  type PublicAgentSummary,
  type PublicCompany,
  type PublicCompanySummary,
  type Site,
} from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { pictureOf } from '../accounts/account-profile.js';

/** Arabic letter forms folded as `normalizeArabic` folds the query (tatweel dropped). */
const FOLDED_NAME_AR = `translate(coalesce(account.name_ar, ''), 'أإآةىـ', 'اااهي')`;

/**
 * What a visitor may see of agents and companies: only active, verified accounts of the
 * request's site; never a password, national id or anything a deleted account held.
 */
@Injectable()
export class DirectoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async agents(site: Site, query: DirectoryQuery): Promise<Page<PublicAgentSummary>> {
    const builder = this.listed(site, 'agent', query.q);
    const [rows, total] = await builder
      .skip((query.page - 1) * query.limit)
      .take(query.limit)
      .getManyAndCount();
    const companies = await this.companiesOf(site, rows);
    return {
      items: rows.map((row) => this.agentSummary(row, companies)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async agent(site: Site, slug: string): Promise<PublicAgent> {
    return this.agentWhere(site, 'account.slug = :slug', { slug });
  }

  /** The same public card by account id: what a listing (which knows its agent's id) links to. */
  async agentById(site: Site, id: string): Promise<PublicAgent> {
    return this.agentWhere(site, 'account.id = :id', { id });
  }

  private async agentWhere(site: Site, where: string, params: Record<string, string>): Promise<PublicAgent> {
    const row = await this.listed(site, 'agent').andWhere(where, params).getOne();
    if (!row) throw new AppException('NOT_FOUND');
    const companies = await this.companiesOf(site, [row]);
    return {
      ...this.agentSummary(row, companies),
      nationality: row.nationality,
      bio: row.bio,
      email: row.email,
      phone: row.countryCode && row.mobile ? `${row.countryCode}${row.mobile}` : null,
      whatsapp: row.whatsapp,
    };
  }

  async companies(site: Site, query: DirectoryQuery): Promise<Page<PublicCompanySummary>> {
    const [rows, total] = await this.listed(site, 'company', query.q)
      .skip((query.page - 1) * query.limit)
      .take(query.limit)
      .getManyAndCount();
    const counts = await this.agentCounts(
      site,
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => this.companySummary(row, counts.get(row.id) ?? 0)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async company(site: Site, slug: string): Promise<PublicCompany> {
    const row = await this.findCompany(site, slug);
    const counts = await this.agentCounts(site, [row.id]);
    return {
      ...this.companySummary(row, counts.get(row.id) ?? 0),
      authorizedPerson: row.authorizedPerson,
      email: row.email,
      phone: row.countryCode && row.mobile ? `${row.countryCode}${row.mobile}` : null,
      latitude: row.latitude,
      longitude: row.longitude,
    };
  }

  async companyAgents(site: Site, slug: string, query: PaginationQuery): Promise<Page<PublicAgentSummary>> {
    const company = await this.findCompany(site, slug);
    const [rows, total] = await this.listed(site, 'agent')
      .andWhere('account.company_id = :companyId', { companyId: company.id })
      .skip((query.page - 1) * query.limit)
      .take(query.limit)
      .getManyAndCount();
    const companies = new Map([[company.id, company]]);
    return {
      items: rows.map((row) => this.agentSummary(row, companies)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  private async findCompany(site: Site, slug: string): Promise<Account> {
    const row = await this.listed(site, 'company').andWhere('account.slug = :slug', { slug }).getOne();
    if (!row) throw new AppException('NOT_FOUND');
    return row;
  }

  /** Active, verified accounts of one role on the site, by name; `q` in either language. */
  private listed(site: Site, role: 'agent' | 'company', q?: string): SelectQueryBuilder<Account> {
    const builder = this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .where('account.site = :site AND account.role = :role', { site, role })
      .andWhere(`account.status = 'active' AND account.verified AND account.anonymised_at IS NULL`)
      .orderBy('account.name', 'ASC')
      .addOrderBy('account.id', 'ASC');
    if (q) {
      const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      builder.andWhere(`(account.name ILIKE :q OR ${FOLDED_NAME_AR} ILIKE :qAr)`, {
        q: like(q),
        qAr: like(normalizeArabic(q)),
      });
    }
    return builder;
  }

  private async companiesOf(site: Site, agents: Account[]): Promise<Map<string, Account>> {
    const ids = [...new Set(agents.map((agent) => agent.companyId).filter((id): id is string => !!id))];
    if (!ids.length) return new Map();
    const rows = await this.listed(site, 'company').andWhere('account.id IN (:...ids)', { ids }).getMany();
    return new Map(rows.map((row) => [row.id, row]));
  }

  private async agentCounts(site: Site, companyIds: string[]): Promise<Map<string, number>> {
    if (!companyIds.length) return new Map();
    const rows: { company_id: string; count: string }[] = await this.listed(site, 'agent')
      .select('account.company_id', 'company_id')
      .addSelect('count(*)', 'count')
      .andWhere('account.company_id IN (:...companyIds)', { companyIds })
      .orderBy()
      .groupBy('account.company_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.company_id, Number(row.count)]));
  }

  private names(account: Account) {
    return { en: account.name, ar: account.nameAr ?? account.name };
  }

  private agentSummary(agent: Account, companies: Map<string, Account>): PublicAgentSummary {
    const company = agent.companyId ? companies.get(agent.companyId) : undefined;
    return {
      id: agent.id,
      slug: agent.slug,
      name: this.names(agent),
      picture: pictureOf(agent, this.config.PUBLIC_PATH),
      designation: agent.designation,
      languages: agent.languages,
      brn: agent.brn,
      company: company
        ? {
            id: company.id,
            slug: company.slug,
            name: this.names(company),
            logo: pictureOf(company, this.config.PUBLIC_PATH),
          }
        : null,
    };
  }

  private companySummary(company: Account, agentCount: number): PublicCompanySummary {
    return {
      id: company.id,
      slug: company.slug,
      name: this.names(company),
      logo: pictureOf(company, this.config.PUBLIC_PATH),
      orn: company.orn,
      headOffice: company.headOffice,
      agentCount,
    };
  }
}
