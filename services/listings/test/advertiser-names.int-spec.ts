import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { enqueue, newEvent } from '@manzil/bus';
import {
  agentContactV1,
  companyProfileV1,
  listingApprovedV2,
  ownedPropertySchema,
  TOPICS,
} from '@manzil/contracts';
import { account, completeAe, deed, sixPhotos, startListings, type Account } from './lifecycle-harness.js';

type Harness = Awaited<ReturnType<typeof startListings>>;

let h: Harness;
const company = account('ae', 'company');
const agent = account('ae', 'agent', company.id);
const unnamed = account('ae', 'agent', company.id);
const admin = account('ae', 'admin');

/** identity's `identity.agent.contact` for `acc`, through the outbox, the bus and our consumer. */
async function announceContact(acc: Account, name: string, nameAr: string | null) {
  await h.dataSource.transaction((manager) =>
    enqueue(
      manager,
      TOPICS.identityAccount,
      newEvent(agentContactV1, acc.site, acc.id, {
        accountId: acc.id,
        companyId: acc.companyId ?? null,
        name,
        nameAr,
        phone: null,
        whatsapp: false,
        email: null,
        listed: true,
      }),
    ),
  );
}

/** identity's `identity.company.profile` for `acc`, through the outbox, the bus and our consumer. */
async function announceCompany(acc: Account, name: string, nameAr: string | null) {
  await h.dataSource.transaction((manager) =>
    enqueue(
      manager,
      TOPICS.identityAccount,
      newEvent(companyProfileV1, acc.site, acc.id, { accountId: acc.id, name, nameAr, listed: true }),
    ),
  );
}

beforeAll(async () => {
  h = await startListings();
  await h.announce('ae', [
    { registered: company },
    { registered: agent },
    { registered: unnamed },
    { plan: { accountId: company.id, propertyQuota: 10 } },
  ]);
  await announceContact(agent, 'Sara Nasser', 'سارة ناصر');
  await h.applied(5);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** A listing walked through the wizard's endpoints by `by` for `agentId`, then approved: its `listing.approved`. */
async function approvedThroughWizard(by: Account, agentId: string) {
  const body = by.role === 'company' ? { ...completeAe, agentId } : completeAe;
  const { body: created } = await h.call(by, 'post', '/v1/properties', { body }).expect(201);
  const id = ownedPropertySchema.parse(created.results).id;
  await h.upload(by, id, await sixPhotos(), 201);
  await h.call(by, 'post', `/v1/properties/${id}/documents`, { body: deed }).expect(201);
  await h.call(by, 'post', `/v1/properties/${id}/submit`).expect(200);
  await h.call(admin, 'post', `/v1/admin/properties/${id}/approve`).expect(200);
  const [approved] = (await h.outbox(id)).filter((e) => e.type === listingApprovedV2.type);
  return listingApprovedV2.payload.parse(approved.payload);
}

describe('listing.approved names the listing and its advertiser in both languages', () => {
  it('for a listing an agent made in the wizard: titles en+ar, and the names identity announced', async () => {
    const approved = await approvedThroughWizard(agent, agent.id);
    expect(approved.title).toEqual(completeAe.title);
    expect(approved.agent).toEqual({ id: agent.id, name: 'Sara Nasser', nameAr: 'سارة ناصر' });
    expect(approved.agentName).toBe('Sara Nasser');
  });

  it('for one a company made for its agent (the token names nobody)', async () => {
    const approved = await approvedThroughWizard(company, agent.id);
    expect(approved.agent).toEqual({ id: agent.id, name: 'Sara Nasser', nameAr: 'سارة ناصر' });
    expect(approved.company).toEqual({ id: company.id });
  });

  it('a renamed agent is named anew at the next approval; one identity has not named keeps the English fallback', async () => {
    await announceContact(agent, 'Sara Nasser Al Ali', 'سارة ناصر العلي');
    await h.applied(6);
    expect((await approvedThroughWizard(agent, agent.id)).agent.nameAr).toBe('سارة ناصر العلي');
    const anonymous = await approvedThroughWizard(unnamed, unnamed.id);
    expect(anonymous.agent).toEqual({ id: unnamed.id, name: '' });
    expect(anonymous.title.ar).toBe(completeAe.title.ar);
  });
});

describe("listing.approved names the agent's company in both languages", () => {
  it('from identity.company.profile, through the bus; a rename is seen at the next approval', async () => {
    const before = await approvedThroughWizard(agent, agent.id);
    // Not announced yet, and not a roster company: its id only (v2 without names still reads).
    expect(before.company).toEqual({ id: company.id });

    await announceCompany(company, 'Marina Homes Real Estate', 'مارينا هومز للعقارات');
    await h.applied(7);
    const named = await approvedThroughWizard(company, agent.id);
    expect(named.company).toEqual({
      id: company.id,
      name: 'Marina Homes Real Estate',
      nameAr: 'مارينا هومز للعقارات',
    });

    await announceCompany(company, 'Marina Homes', 'مارينا هومز');
    await h.applied(8);
    expect((await approvedThroughWizard(agent, agent.id)).company).toEqual({
      id: company.id,
      name: 'Marina Homes',
      nameAr: 'مارينا هومز',
    });
  });
});
