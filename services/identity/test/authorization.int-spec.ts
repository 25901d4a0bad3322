// Server-side authorization matrix of identity's protected endpoints: every caller kind
// (visitor, user, agent, company, admin, a token of the other site, a forged token) against
// every protected endpoint → the status the guard and the ownership checks must give.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { controllersOf, routeAccessProblems, routeMarksOf } from '@manzil/nest-kit';
import { tokenFor } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { seed } from '../src/seed.js';
import { startHarness, PASSWORD, type Harness } from './harness.js';

type Caller = 'visitor' | 'user' | 'agent' | 'company' | 'admin' | 'otherSite' | 'forged' | 'otherCompany';
const CALLERS: Caller[] = [
  'visitor',
  'user',
  'agent',
  'company',
  'admin',
  'otherSite',
  'forged',
  'otherCompany',
];

let h: Harness;
const tokens = {} as Record<Caller, string | null>;
let ownAgentId = '';

async function login(kind: string, mobile: string, password = PASSWORD): Promise<string> {
  const response = await h
    .http()
    .post(`/v1/auth/login/${kind}`)
    .set('x-site', 'ae')
    .send({ countryCode: '+971', mobile, password })
    .expect(200);
  return response.body.results.token as string;
}

beforeAll(async () => {
  h = await startHarness();
  await seed(h.app.get(DataSource), () => undefined);
  tokens.visitor = null;
  tokens.user = await login('customer', '501000001');
  tokens.company = await login('company', '501000002');
  tokens.agent = await login('agent', '501000003');
  tokens.admin = await login('customer', '500000000', 'Manzil@Admin26');
  // The Saudi company's own, valid token, presented to the UAE site.
  const sa = await h
    .http()
    .post('/v1/auth/login/company')
    .set('x-site', 'sa')
    .send({ countryCode: '+966', mobile: '551000002', password: PASSWORD })
    .expect(200);
  tokens.otherSite = sa.body.results.token as string;
  // Signed with the right key but for an account that does not exist (a company of nobody).
  tokens.otherCompany = await tokenFor('company', { site: 'ae', companyId: randomUUID() });
  tokens.forged = `${tokens.user.slice(0, -6)}AAAAAA`;
  const agents = await h
    .http()
    .get('/v1/agents')
    .set('x-site', 'ae')
    .set('authorization', `Bearer ${tokens.company}`)
    .expect(200);
  ownAgentId = agents.body.results.items[0].id as string;
}, 60_000);

afterAll(async () => {
  await h?.close();
});

interface Endpoint {
  name: string;
  method: 'get' | 'put' | 'post' | 'patch' | 'delete';
  path: () => string;
  body?: unknown;
  site?: 'ae' | 'sa';
  expect: Record<Caller, number>;
}

// Bodies are deliberately invalid where the endpoint would change something: a caller who
// gets past the guard meets validation (422), which proves it was let in without side effects.
const signedIn = (ok: number): Record<Caller, number> => ({
  visitor: 401,
  user: ok,
  agent: ok,
  company: ok,
  admin: ok,
  otherSite: 401,
  forged: 401,
  otherCompany: 404,
});
const companyOnly = (ok: number, otherCompany: number): Record<Caller, number> => ({
  visitor: 401,
  user: 403,
  agent: 403,
  company: ok,
  admin: 403,
  otherSite: 401,
  forged: 401,
  otherCompany,
});

const ENDPOINTS: Endpoint[] = [
  { name: 'GET profile', method: 'get', path: () => '/v1/profile', expect: signedIn(200) },
  { name: 'GET accounts/me', method: 'get', path: () => '/v1/accounts/me', expect: signedIn(200) },
  {
    name: 'PUT profile (invalid)',
    method: 'put',
    path: () => '/v1/profile',
    body: { email: 'x' },
    expect: { ...signedIn(422), otherCompany: 422 },
  },
  {
    name: 'PUT profile/password (invalid)',
    method: 'put',
    path: () => '/v1/profile/password',
    body: {},
    expect: { ...signedIn(422), otherCompany: 422 },
  },
  {
    name: 'PUT profile/language (invalid)',
    method: 'put',
    path: () => '/v1/profile/language',
    body: { language: 'fr' },
    expect: { ...signedIn(422), otherCompany: 422 },
  },
  {
    name: 'POST account/deletion (invalid)',
    method: 'post',
    path: () => '/v1/account/deletion',
    body: {},
    expect: { ...signedIn(422), otherCompany: 422 },
  },
  { name: 'GET agents', method: 'get', path: () => '/v1/agents', expect: companyOnly(200, 200) },
  {
    name: 'POST agents (invalid)',
    method: 'post',
    path: () => '/v1/agents',
    body: {},
    expect: companyOnly(422, 422),
  },
  {
    name: 'GET agents/:id (own agent)',
    method: 'get',
    path: () => `/v1/agents/${ownAgentId}`,
    expect: companyOnly(200, 404),
  },
  {
    name: 'PUT agents/:id (invalid)',
    method: 'put',
    path: () => `/v1/agents/${ownAgentId}`,
    body: {},
    expect: companyOnly(422, 422),
  },
  {
    name: 'PATCH agents/:id/status (invalid)',
    method: 'patch',
    path: () => `/v1/agents/${ownAgentId}/status`,
    body: { status: 'x' },
    expect: companyOnly(422, 422),
  },
  {
    name: 'DELETE agents/:id (unknown)',
    method: 'delete',
    path: () => `/v1/agents/${randomUUID()}`,
    expect: companyOnly(404, 404),
  },
  {
    name: 'POST auth/email/verify (invalid)',
    method: 'post',
    path: () => '/v1/auth/email/verify',
    body: {},
    expect: { ...signedIn(422), otherCompany: 422 },
  },
  {
    name: 'POST auth/email/otp',
    method: 'post',
    path: () => '/v1/auth/email/otp',
    expect: signedIn(200),
  },
  {
    name: 'POST profile/image (no file)',
    method: 'post',
    path: () => '/v1/profile/image',
    expect: signedIn(422),
  },
  {
    name: 'GET admin/deletion-requests',
    method: 'get',
    path: () => '/v1/admin/deletion-requests',
    expect: {
      visitor: 401,
      user: 403,
      agent: 403,
      company: 403,
      admin: 200,
      otherSite: 401,
      forged: 401,
      otherCompany: 403,
    },
  },
  {
    name: 'POST account/deletion/otp',
    method: 'post',
    path: () => '/v1/account/deletion/otp',
    expect: signedIn(200),
  },
  // Nafath is Saudi only: on the UAE site every signed-in caller meets SITE_MISMATCH (403).
  {
    name: 'GET nafath/status (ae)',
    method: 'get',
    path: () => `/v1/nafath/status?transId=${randomUUID()}`,
    expect: { ...signedIn(403), otherCompany: 403 },
  },
  {
    name: 'POST nafath/request (ae)',
    method: 'post',
    path: () => '/v1/nafath/request',
    body: { nationalId: '1000000001' },
    expect: { ...signedIn(403), otherCompany: 403 },
  },
  // Every service with an outbox has it (BusModule of nest-kit).
  {
    name: 'GET admin/outbox/dead',
    method: 'get',
    path: () => '/v1/admin/outbox/dead',
    expect: {
      visitor: 401,
      user: 403,
      agent: 403,
      company: 403,
      admin: 200,
      otherSite: 401,
      forged: 401,
      otherCompany: 403,
    },
  },
];

/** Protected routes the matrix leaves to another spec, and why. */
const ELSEWHERE: Record<string, string> = {
  'POST /v1/auth/logout-everywhere': 'ends the caller’s sessions: test/sessions.int-spec.ts',
};

describe('the matrix covers identity', () => {
  it('every route says who may call it, and every protected one is in the matrix', async () => {
    const marks = (await controllersOf(AppModule.forRoot(h.config))).flatMap(routeMarksOf);
    expect(routeAccessProblems(await controllersOf(AppModule.forRoot(h.config)))).toEqual([]);
    const covered = (route: string) => {
      const [method, pattern] = route.split(' ');
      const shape = new RegExp(`^${pattern.replace(/:\w+/g, '[^/?]+')}(\\?|$)`);
      return ENDPOINTS.some((e) => e.method.toUpperCase() === method && shape.test(e.path()));
    };
    const missing = marks
      .filter((mark) => mark.access && !mark.access.public)
      .map((mark) => mark.route)
      .filter((route) => !covered(route) && !ELSEWHERE[route]);
    expect(missing).toEqual([]);
  });
});

describe('identity authorization matrix (site ae)', () => {
  const cases = ENDPOINTS.flatMap((endpoint) =>
    CALLERS.map((caller) => [endpoint.name, caller, endpoint] as const),
  );
  it.each(cases)('%s as %s', async (_name, caller, endpoint) => {
    let call = h
      .http()
      [endpoint.method](endpoint.path())
      .set('x-site', endpoint.site ?? 'ae');
    const token = tokens[caller];
    if (token) call = call.set('authorization', `Bearer ${token}`);
    const response = endpoint.body === undefined ? await call : await call.send(endpoint.body as object);
    expect({ caller, status: response.status }).toEqual({ caller, status: endpoint.expect[caller] });
  });
});
