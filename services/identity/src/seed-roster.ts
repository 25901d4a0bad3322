import type { DataSource } from 'typeorm';
import { demoAgents, demoCompanies, SITE_FACTS } from '@manzil/contracts';
import { Account } from './accounts/account.entity.js';
import { AccountsService, type NewAccount } from './accounts/accounts.service.js';
import { DEMO_PASSWORD } from './seed.js';
import { hashPassword } from './shared/passwords.js';

/**
 * The companies and agents the demo listings belong to (`demoCompanies`/`demoAgents` of
 * contracts, fixed ids, names in English and Arabic), so the directory lists them and every
 * seeded listing's advertiser is an account. Created through `AccountsService.create`, so each
 * one's `identity.account.registered` goes through the outbox as a sign-up's would. Password
 * Manzil@2026. Idempotent (an existing id is kept). Kept apart from `seed()`, whose handful of
 * demo logins the tests count on; `npm start` runs both (cli.ts).
 */
export async function seedRoster(dataSource: DataSource): Promise<void> {
  const accounts = new AccountsService(dataSource);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const site of ['ae', 'sa'] as const) {
    const countryCode = SITE_FACTS[site].phonePrefix;
    const existing = new Set(
      (await dataSource.getRepository(Account).find({ select: { id: true }, where: { site } })).map(
        (account) => account.id,
      ),
    );
    const create = (id: string, data: Omit<NewAccount, 'site'>) =>
      existing.has(id)
        ? undefined
        : accounts.create({
            ...data,
            id,
            site,
            countryCode,
            passwordHash,
            verified: true,
            language: 'en',
          } as NewAccount);
    const domain = `${site}.manzil.test`;
    for (const [i, company] of demoCompanies(site).entries()) {
      const { lat, lng } = SITE_FACTS[site].mapCentre;
      await create(company.id, {
        role: 'company',
        name: company.name.en,
        nameAr: company.name.ar,
        mobile: company.mobile,
        email: `company${i + 2}@${domain}`,
        orn: company.orn,
        authorizedPerson: company.name.en,
        headOffice: company.headOffice,
        latitude: lat,
        longitude: lng,
      });
    }
    for (const [i, agent] of demoAgents(site).entries()) {
      const [firstName, ...rest] = agent.name.en.split(' ');
      await create(agent.id, {
        role: 'agent',
        name: agent.name.en,
        nameAr: agent.name.ar,
        firstName,
        lastName: rest.join(' '),
        mobile: agent.mobile,
        email: `agent${i + 10}@${domain}`,
        brn: String(41_001 + i),
        designation: agent.designation,
        languages: agent.languages,
        companyId: agent.companyId,
        freelancer: agent.companyId === null,
      });
    }
  }
}
