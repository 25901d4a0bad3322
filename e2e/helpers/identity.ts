/// <reference lib="dom" />
// Shared steps of the identity journeys and the authorization matrix: fresh mobiles, OTPs
// from the sandbox SMS sink (through the gateway), API logins, a session put in the browser
// the way the shell stores it, and the register forms.
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export type SiteKey = 'ae' | 'sa';
export type Lang = 'en' | 'ar';
export type LoginType = 'Customer' | 'Agent' | 'Company';
export type Kind = 'customer' | 'agent' | 'company';

export const SITE: Record<
  SiteKey,
  { url: string; prefix: '+971' | '+966'; seeded: Record<string, string>; companyName: string }
> = {
  ae: {
    url: process.env.E2E_AE_URL ?? 'http://ae.localhost:3000',
    prefix: '+971',
    companyName: 'Marina Homes Real Estate',
    seeded: {
      admin: '500000000',
      customer: '501000001',
      company: '501000002',
      agent: '501000003',
      agent2: '501000004',
      freelancer: '501000005',
    },
  },
  sa: {
    url: process.env.E2E_SA_URL ?? 'http://sa.localhost:3000',
    prefix: '+966',
    companyName: 'Riyadh Keys Real Estate',
    seeded: {
      admin: '550000000',
      customer: '551000001',
      company: '551000002',
      agent: '551000003',
      agent2: '551000004',
      freelancer: '551000005',
    },
  },
};
export const PASSWORD = 'Manzil@2026';
export const ADMIN_PASSWORD = 'Manzil@Admin26';
export const NEW_PASSWORD = 'Fresh#Pass77';
export const KIND_OF: Record<LoginType, Kind> = { Customer: 'customer', Agent: 'agent', Company: 'company' };

/** A 1×1 PNG for the picture and logo fields. */
export const PNG_FILE = {
  name: 'picture.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

type RequestOptions = NonNullable<Parameters<APIRequestContext['post']>[1]>;

/**
 * Calls through the gateway from the test process. Node does not resolve `*.localhost`
 * (Chromium does), so those go to 127.0.0.1 with the site's Host header.
 */
export function api(request: APIRequestContext, site: SiteKey) {
  const base = new URL(SITE[site].url);
  const local = base.hostname.endsWith('.localhost');
  const origin = local ? `${base.protocol}//127.0.0.1:${base.port || 80}` : base.origin;
  const withHost = (options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { ...(local ? { host: base.host } : {}), ...options.headers },
  });
  return {
    get: (path: string, options?: RequestOptions) => request.get(origin + path, withHost(options)),
    post: (path: string, options?: RequestOptions) => request.post(origin + path, withHost(options)),
    patch: (path: string, options?: RequestOptions) => request.patch(origin + path, withHost(options)),
    delete: (path: string, options?: RequestOptions) => request.delete(origin + path, withHost(options)),
  };
}

/** A mobile no run has used: 59 + 7 random digits (the seed uses 50…/55…). */
export function freshMobile(): string {
  return `59${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}
export function freshEmail(tag: string): string {
  return `e2e.${tag}.${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}@example.com`;
}

/** Language before the first page: the shell reads the `lang` cookie. */
export async function useLanguage(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addCookies(
    (['ae', 'sa'] as const).map((site) => ({ name: 'lang', value: lang, url: SITE[site].url })),
  );
}

interface Sms {
  to: string;
  code: string | null;
  sentAt: string;
}

/**
 * The newest OTP the sandbox's SMS sink received for this number after `since` (ms), read
 * through the gateway as a browser test would.
 */
export async function readOtp(
  request: APIRequestContext,
  site: SiteKey,
  mobile: string,
  since: number,
): Promise<string> {
  const to = `${SITE[site].prefix}${mobile}`;
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await api(request, site).get(`/api/sandbox/v1/sms`, {
          params: { to, page: 1, limit: 5 },
        });
        const body = (await response.json()) as { results: { items: Sms[] } };
        const fresh = body.results.items.find((sms) => sms.code && Date.parse(sms.sentAt) >= since - 1000);
        code = fresh?.code ?? null;
        return code;
      },
      { message: `an OTP for ${to}`, timeout: 10_000, intervals: [100, 250, 500] },
    )
    .not.toBeNull();
  return code!;
}

export interface Tokens {
  token: string;
  refresh_token: string;
  is_nafath_verified: boolean;
  verified: boolean;
}

/** POST the login through the gateway; the tokens of a successful login. */
export async function apiLogin(
  request: APIRequestContext,
  site: SiteKey,
  kind: Kind,
  mobile: string,
  password = PASSWORD,
): Promise<Tokens> {
  const login = () =>
    api(request, site).post(`/api/identity/v1/auth/login/${kind}`, {
      data: { countryCode: SITE[site].prefix, mobile, password },
    });
  let response = await login();
  // The seeded accounts are shared by every journey, and a number may log in 5 times a minute
  // (identity's RATE_LIMIT_PER_MOBILE): over it, wait for the next window as a person would.
  for (let waited = 0; response.status() === 429 && waited < 65_000; waited += 13_000) {
    await new Promise((resolve) => setTimeout(resolve, 13_000));
    response = await login();
  }
  expect(response.status(), `login ${site} ${kind} ${mobile}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { results: Tokens }).results;
}

/** Puts a session in the browser as the shell's storeSession does (localStorage + `token` cookie). */
export async function putSession(context: BrowserContext, site: SiteKey, tokens: Tokens): Promise<void> {
  await context.addCookies([{ name: 'token', value: encodeURIComponent(tokens.token), url: SITE[site].url }]);
  await context.addInitScript(
    ({ token, refresh }) => {
      // Once per tab: a logout in the test must stay a logout.
      if (sessionStorage.getItem('e2e.session')) return;
      sessionStorage.setItem('e2e.session', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('refresh_token', refresh);
    },
    { token: tokens.token, refresh: tokens.refresh_token },
  );
}

const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input, textarea').first();

export interface NewAccount {
  site: SiteKey;
  loginType: LoginType;
  mobile: string;
  email: string;
  firstName: string;
  lastName: string;
  /** What /profile and the header show. */
  displayName: string;
}

/** Fills and sends /register for a kind; an agent joins `company` (its name) or is a freelancer. */
export async function fillRegister(
  page: Page,
  site: SiteKey,
  loginType: LoginType,
  options: { company?: string; tag: string },
): Promise<NewAccount> {
  const mobile = freshMobile();
  const email = freshEmail(options.tag);
  const firstName = loginType === 'Company' ? 'Dune' : 'Rania';
  const lastName = `E2e${randomInt(1000, 9999)}`;
  await page.goto(`${SITE[site].url}/register?type=${loginType}`);
  const form = page.getByTestId(`register-form-${loginType}`);
  await expect(form).toBeVisible();
  let displayName = `${firstName} ${lastName}`;
  if (loginType === 'Company') {
    displayName = `Dune Realty ${lastName}`;
    await page.getByTestId('register-logo-input').setInputFiles(PNG_FILE);
    await expect(page.getByTestId('register-logo').locator('img')).toBeVisible();
    await field(page, 'register-name').fill(displayName);
    await field(page, 'register-orn').fill(String(randomInt(10000, 99999)));
    await field(page, 'register-authorizedPerson').fill('Huda Salem');
    await field(page, 'register-headOffice').fill(site === 'ae' ? 'Business Bay, Dubai' : 'Olaya, Riyadh');
    await field(page, 'register-latitude').fill(site === 'ae' ? '25.18' : '24.71');
    await field(page, 'register-longitude').fill(site === 'ae' ? '55.27' : '46.67');
  } else {
    if (loginType === 'Agent') {
      await page.getByTestId('register-picture-input').setInputFiles(PNG_FILE);
      await expect(page.getByTestId('register-picture').locator('img')).toBeVisible();
      await field(page, 'register-brn').fill(String(randomInt(100000, 999999)));
      if (options.company) {
        await page.getByTestId('register-company-select').selectOption({ label: options.company });
      } else {
        await page.getByTestId('register-freelancer').locator('input').check();
      }
    }
    await field(page, 'register-firstName').fill(firstName);
    await field(page, 'register-lastName').fill(lastName);
  }
  await field(page, 'register-email').fill(email);
  await expect(page.getByTestId('register-mobile-code')).toHaveValue(SITE[site].prefix);
  await page.getByTestId('register-mobile-input').fill(mobile);
  await field(page, 'register-password').fill(PASSWORD);
  await field(page, 'register-confirm').fill(PASSWORD);
  await page.getByTestId('register-terms').locator('input').check();
  await page.getByTestId('register-submit').click();
  return { site, loginType, mobile, email, firstName, lastName, displayName };
}

/** Types the OTP into the four boxes of /otpVerify and sends it. */
export async function enterOtp(page: Page, code: string): Promise<void> {
  await expect(page.getByTestId('otp-form')).toBeVisible();
  for (const [index, digit] of [...code].entries()) await page.getByTestId(`otp-box-${index}`).fill(digit);
  await page.getByTestId('otp-submit').click();
}

/** Header → user menu → Logout → the confirm dialog's Ok → /login?type=<kind>. */
export async function logoutThroughMenu(page: Page, loginType: LoginType): Promise<void> {
  await page.getByTestId('user-chip').first().click();
  await page.getByTestId('menu-logout').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-dialog-ok').click();
  await expect(page).toHaveURL(new RegExp(`/login\\?type=${loginType}$`));
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

const shotDir = path.resolve(import.meta.dirname, '..', '..', '.cache', 'e2e', 'screenshots');
/** A screenshot kept under .cache/e2e/screenshots/<name>.png, to look at (the viewport, or the whole page). */
export async function shot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage });
}

/** A customer registered and verified through the API (for journeys that start signed in). */
export async function apiCustomer(
  request: APIRequestContext,
  site: SiteKey,
  options: { verify?: boolean } = {},
): Promise<{ mobile: string; firstName: string; lastName: string; tokens?: Tokens }> {
  const mobile = freshMobile();
  const firstName = 'Salma';
  const lastName = `Api${randomInt(1000, 9999)}`;
  const since = Date.now();
  const response = await api(request, site).post(`/api/identity/v1/auth/register/customer`, {
    data: {
      firstName,
      lastName,
      email: freshEmail('api'),
      countryCode: SITE[site].prefix,
      mobile,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (options.verify === false) return { mobile, firstName, lastName };
  const otp = await readOtp(request, site, mobile, since);
  const verified = await api(request, site).post(`/api/identity/v1/auth/otp/verify`, {
    data: { countryCode: SITE[site].prefix, mobile, otp, purpose: 'signup' },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { mobile, firstName, lastName, tokens: ((await verified.json()) as { results: Tokens }).results };
}

interface SinkEmail {
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  code: string | null;
  sentAt: string;
}

/** The newest e-mail (with its code) the sandbox's e-mail sink received for `to` after `since` (ms). */
export async function readEmail(
  request: APIRequestContext,
  site: SiteKey,
  to: string,
  since: number,
): Promise<SinkEmail & { code: string }> {
  let found: SinkEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await api(request, site).get(`/api/sandbox/v1/email`, {
          params: { to, page: 1, limit: 5 },
        });
        const body = (await response.json()) as { results: { items: SinkEmail[] } };
        found = body.results.items.find((email) => email.code && Date.parse(email.sentAt) >= since - 1000);
        return found?.code ?? null;
      },
      { message: `an e-mail code for ${to}`, timeout: 10_000, intervals: [100, 250, 500] },
    )
    .not.toBeNull();
  return found as SinkEmail & { code: string };
}

/**
 * Deletes the seeded company's agent holding `mobile` (through the API, as the company), so a
 * run leaves the company's agent quota as it found it and the suite can run again on the same
 * database. Nothing to do when there is no such agent.
 */
export async function deleteCompanyAgent(
  request: APIRequestContext,
  site: SiteKey,
  mobile: string,
): Promise<void> {
  const tokens = await apiLogin(request, site, 'company', SITE[site].seeded.company);
  const headers = { authorization: `Bearer ${tokens.token}` };
  const listed = await api(request, site).get(`/api/identity/v1/agents`, {
    headers,
    params: { page: 1, limit: 100 },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const { items } = ((await listed.json()) as { results: { items: { id: string; mobile: string }[] } })
    .results;
  const agent = items.find((item) => item.mobile === mobile);
  if (!agent) return;
  const deleted = await api(request, site).delete(`/api/identity/v1/agents/${agent.id}`, { headers });
  expect(deleted.status(), await deleted.text()).toBe(200);
}
