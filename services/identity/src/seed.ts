import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSource } from 'typeorm';
import { SITE_FACTS, subscriptionActivatedV1, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { Account } from './accounts/account.entity.js';
import { AccountsService, type NewAccount } from './accounts/accounts.service.js';
import { hashPassword } from './shared/passwords.js';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'Manzil@2026';
const ADMIN_PASSWORD_DEFAULT = 'Manzil@Admin26';

/** Fixed ids so the seed is idempotent and the demo subscription is the same one every time. */
const DEMO_SUBSCRIPTION: Record<Site, string> = {
  ae: '0190f000-0000-7000-8000-00000000ae01',
  sa: '0190f000-0000-7000-8000-000000005a01',
};

interface SeedAccount {
  key: string;
  mobile: string;
  data: Omit<NewAccount, 'site' | 'countryCode' | 'mobile'>;
}

function people(site: Site): SeedAccount[] {
  const p = site === 'ae' ? '50' : '55';
  const domain = `${site}.manzil.test`;
  return [
    {
      key: 'customer',
      mobile: `${p}1000001`,
      data: {
        role: 'user',
        name: 'Layla Haddad',
        firstName: 'Layla',
        lastName: 'Haddad',
        email: `customer@${domain}`,
      },
    },
    {
      key: 'company',
      mobile: `${p}1000002`,
      data: {
        role: 'company',
        name: site === 'ae' ? 'Marina Homes Real Estate' : 'Riyadh Keys Real Estate',
        nameAr: site === 'ae' ? 'مارينا هومز للعقارات' : 'مفاتيح الرياض للعقارات',
        email: `company@${domain}`,
        orn: site === 'ae' ? '12345' : '1100123456',
        authorizedPerson: 'Omar Al Farsi',
        headOffice: site === 'ae' ? 'Dubai Marina, Dubai' : 'Olaya, Riyadh',
        latitude: SITE_FACTS[site].mapCentre.lat,
        longitude: SITE_FACTS[site].mapCentre.lng,
      },
    },
    {
      key: 'agent1',
      mobile: `${p}1000003`,
      data: {
        role: 'agent',
        name: 'Sara Nasser',
        nameAr: 'سارة ناصر',
        firstName: 'Sara',
        lastName: 'Nasser',
        email: `agent1@${domain}`,
        brn: '40001',
        designation: 'Senior Agent',
        languages: ['Arabic', 'English'],
      },
    },
    {
      key: 'agent2',
      mobile: `${p}1000004`,
      data: {
        role: 'agent',
        name: 'Yousef Karim',
        nameAr: 'يوسف كريم',
        firstName: 'Yousef',
        lastName: 'Karim',
        email: `agent2@${domain}`,
        brn: '40002',
        designation: 'Agent',
        languages: ['Arabic'],
      },
    },
    {
      key: 'freelancer',
      mobile: `${p}1000005`,
      data: {
        role: 'agent',
        name: 'Hana Saleh',
        nameAr: 'هناء صالح',
        firstName: 'Hana',
        lastName: 'Saleh',
        email: `freelancer@${domain}`,
        brn: '40003',
        freelancer: true,
        languages: ['English'],
      },
    },
  ];
}

/**
 * Per site: an admin (password SEED_ADMIN_PASSWORD or the default, printed), a customer, a
 * company with two agents, a freelancer agent (password Manzil@2026), and a
 * `payments.subscription.activated` event for the company through the outbox, so its
 * entitlement arrives by the path payments will use. Idempotent.
 */
export async function seed(dataSource: DataSource, log: (line: string) => void = console.log): Promise<void> {
  const accounts = new AccountsService(dataSource);
  const adminPassword = process.env.SEED_ADMIN_PASSWORD || ADMIN_PASSWORD_DEFAULT;
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const logins: { site: Site; role: string; login: string; password: string; note?: string }[] = [];
  for (const site of ['ae', 'sa'] as const) {
    const countryCode = SITE_FACTS[site].phonePrefix;
    const ensure = async (
      mobile: string,
      data: SeedAccount['data'],
      passwordHash: string,
    ): Promise<Account> => {
      const existing = await accounts.findByMobile(site, countryCode, mobile);
      if (existing) {
        // Demo accounts seeded before the directory had Arabic names get theirs.
        if (data.nameAr && !existing.nameAr) {
          await dataSource.getRepository(Account).update(existing.id, { nameAr: data.nameAr });
          existing.nameAr = data.nameAr;
        }
        return existing;
      }
      return accounts.create({
        ...data,
        site,
        countryCode,
        mobile,
        passwordHash,
        verified: true,
        language: 'en',
      });
    };
    const adminMobile = site === 'ae' ? '500000000' : '550000000';
    await ensure(
      adminMobile,
      {
        role: 'admin',
        name: 'Manzil Admin',
        firstName: 'Manzil',
        lastName: 'Admin',
        email: `admin@${site}.manzil.test`,
      },
      await hashPassword(adminPassword),
    );
    log(
      `[${site}] admin       ${countryCode} ${adminMobile}  password ${adminPassword} (login page: Customer)`,
    );
    logins.push({
      site,
      role: 'admin',
      login: `${countryCode} ${adminMobile}`,
      password: adminPassword,
      note: 'log in as Customer',
    });
    let company: Account | undefined;
    for (const person of people(site)) {
      const data =
        person.key.startsWith('agent') && company ? { ...person.data, companyId: company.id } : person.data;
      const account = await ensure(person.mobile, data, demoHash);
      if (person.key === 'company') company = account;
      log(`[${site}] ${person.key.padEnd(11)} ${countryCode} ${person.mobile}  password ${DEMO_PASSWORD}`);
      logins.push({
        site,
        role: person.key,
        login: `${countryCode} ${person.mobile}`,
        password: DEMO_PASSWORD,
      });
    }
    if (company) await publishDemoSubscription(dataSource, site, company.id);
  }
  // The start script prints these once everything is up (DEMO_LOGINS_FILE is set by it).
  const file = process.env.DEMO_LOGINS_FILE;
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(logins, null, 2));
  }
}

/** A Gold plan for a year with 5 agents, as payments would announce it. */
async function publishDemoSubscription(dataSource: DataSource, site: Site, companyId: string): Promise<void> {
  const subscriptionId = DEMO_SUBSCRIPTION[site];
  await dataSource.transaction(async (manager) => {
    const [sent] = (await manager.query(`SELECT 1 FROM "outbox" WHERE "key" = $1 LIMIT 1`, [
      subscriptionId,
    ])) as unknown[];
    if (sent) return;
    const startsAt = new Date();
    const endsAt = new Date(startsAt.getTime() + 365 * 24 * 3600 * 1000);
    await enqueue(
      manager,
      TOPICS.paymentsSubscription,
      newEvent(subscriptionActivatedV1, site, subscriptionId, {
        subscriptionId,
        accountId: companyId,
        plan: 'Gold',
        propertyQuota: 50,
        agentQuota: 5,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      }),
    );
  });
}
