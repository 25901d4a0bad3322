/// <reference lib="dom" />
// Identity in the browser, both sites and both languages: sign-up of every account kind with
// the OTP read from the sandbox's SMS sink, profile, logout; login failures; Nafath; forgot and
// reset password; a company adding an agent; Google sign-in through the sandbox's consent page.
// Every journey uses fresh mobile numbers, so runs and journeys never depend on each other.
import { expect, test, type Page } from '@playwright/test';
import {
  NEW_PASSWORD,
  PASSWORD,
  PNG_FILE,
  SITE,
  api,
  apiCustomer,
  apiLogin,
  deleteCompanyAgent,
  enterOtp,
  fillRegister,
  freshEmail,
  freshMobile,
  logoutThroughMenu,
  putSession,
  readOtp,
  shot,
  useLanguage,
  type Lang,
  type LoginType,
  type SiteKey,
} from '../helpers/identity.js';

const LANGS: Lang[] = ['en', 'ar'];

/** Where a fresh (not Nafath-verified) account lands after its first login (spec §4). */
const landing = (site: SiteKey) => (site === 'sa' ? /\/profile$/ : /\/$/);

async function expectLanguage(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

const KINDS: { title: string; loginType: LoginType; company: boolean }[] = [
  { title: 'customer', loginType: 'Customer', company: false },
  { title: 'freelance agent', loginType: 'Agent', company: false },
  { title: 'agent of the seeded company', loginType: 'Agent', company: true },
  { title: 'company', loginType: 'Company', company: false },
];

/** Agents a test added to a seeded company, removed after it (pass or fail): the quota is 5. */
let cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  const pending = cleanups;
  cleanups = [];
  for (const cleanup of pending) await cleanup();
});

/**
 * Each kind signs up on both sites and in both languages, and each site-language pair sees two
 * kinds: eight journeys instead of sixteen (CI's browser stage is its longest), nothing left
 * unwalked.
 */
const SIGN_UPS = KINDS.flatMap((kind, index) =>
  (index % 2 === 0
    ? [
        ['ae', 'en'],
        ['sa', 'ar'],
      ]
    : [
        ['ae', 'ar'],
        ['sa', 'en'],
      ]
  ).map(([site, lang]) => ({ site: site as SiteKey, lang: lang as Lang, kind })),
);

test.describe('sign-up → OTP → profile → logout', () => {
  for (const { site, lang, kind } of SIGN_UPS) {
    test(`${site} ${lang}: ${kind.title}`, async ({ page, context, request }) => {
      await useLanguage(context, lang);
      const since = Date.now();
      const account = await fillRegister(page, site, kind.loginType, {
        company: kind.company ? SITE[site].companyName : undefined,
        tag: `${site}-${lang}-${kind.loginType}`,
      });
      // The agent takes a place of the seeded company's plan: give it back at the end, pass or fail.
      if (kind.company) cleanups.push(() => deleteCompanyAgent(request, site, account.mobile));
      await expect(page).toHaveURL(/\/otpVerify$/);
      await expectLanguage(page, lang);
      await expect(page.getByTestId('otp-countdown')).toBeVisible();
      const otp = await readOtp(request, site, account.mobile, since);
      if (kind.loginType === 'Customer') await shot(page, `otp-${site}-${lang}`);
      await enterOtp(page, otp);

      await expect(page).toHaveURL(landing(site));
      await page.goto(`${SITE[site].url}/profile`);
      await expect(page.getByTestId('profile-view-name')).toHaveText(account.displayName);
      await expect(page.getByTestId('user-chip')).toContainText(
        kind.loginType === 'Company' ? account.displayName : account.firstName,
      );
      if (kind.loginType === 'Agent' && kind.company) await shot(page, `profile-${site}-${lang}-agent`);
      await logoutThroughMenu(page, kind.loginType);
      await expectLanguage(page, lang);
    });
  }
});

test.describe('login outcomes', () => {
  for (const [site, lang] of [
    ['ae', 'en'],
    ['sa', 'ar'],
  ] as const) {
    test(`${site} ${lang}: a wrong password shows the server's message as a toast`, async ({
      page,
      context,
      request,
    }) => {
      await useLanguage(context, lang);
      const expected = await api(request, site).post(`/api/identity/v1/auth/login/customer`, {
        headers: { language: lang },
        data: { countryCode: SITE[site].prefix, mobile: SITE[site].seeded.customer, password: 'Wrong#Pass1' },
      });
      expect(expected.status()).toBe(422);
      const { message } = (await expected.json()) as { message: string };

      await page.goto(`${SITE[site].url}/login?type=Customer`);
      await page.getByTestId('login-mobile-input').fill(SITE[site].seeded.customer);
      await page.getByTestId('login-password').locator('input').fill('Wrong#Pass1');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('toast')).toHaveText(new RegExp(message.replace(/[.?]/g, '\\$&')));
      await expect(page).toHaveURL(/\/login\?type=Customer$/);
      await shot(page, `login-failed-${site}-${lang}`);
    });

    test(`${site} ${lang}: an unverified account's login goes to /otpVerify, and its OTP signs in`, async ({
      page,
      context,
      request,
    }) => {
      await useLanguage(context, lang);
      // The code of the sign-up counts: a login within the resend cooldown sends no new one
      // (it is still good), so reading only codes sent after the login page loaded depended on
      // how fast the page loaded.
      const since = Date.now();
      const account = await apiCustomer(request, site, { verify: false });
      await page.goto(`${SITE[site].url}/login?type=Customer`);
      await page.getByTestId('login-mobile-input').fill(account.mobile);
      await page.getByTestId('login-password').locator('input').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(/\/otpVerify$/);
      await expect(page.getByTestId('otp-form')).toContainText(account.mobile);
      await enterOtp(page, await readOtp(request, site, account.mobile, since));
      await expect(page).toHaveURL(landing(site));
      await expect(page.getByTestId('user-chip')).toContainText(account.firstName);
    });
  }

  test('sa en: the seeded customer logs in with the form and lands on /profile (not Nafath-verified)', async ({
    page,
  }) => {
    await page.goto(`${SITE.sa.url}/login?type=Customer`);
    await expect(page.getByTestId('login-mobile-code')).toHaveValue('+966');
    await page.getByTestId('login-mobile-input').fill(SITE.sa.seeded.customer);
    await page.getByTestId('login-password').locator('input').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('nafath')).toBeVisible();
  });
});

for (const lang of LANGS) {
  test(`sa ${lang}: a customer verifies with Nafath (national ID → number → approved)`, async ({
    page,
    context,
    request,
  }) => {
    await useLanguage(context, lang);
    const { tokens } = await apiCustomer(request, 'sa');
    await putSession(context, 'sa', tokens!);
    await page.goto(`${SITE.sa.url}/profile`);
    const nationalId = `1${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    await page.getByTestId('nafath-id').locator('input').fill(nationalId);
    await page.getByTestId('nafath-submit').click();
    const random = page.getByTestId('nafath-random');
    await expect(random).toHaveText(/^\d{2}$/);
    await shot(page, `nafath-waiting-sa-${lang}`);

    const requests = await api(request, 'sa').get(`/api/sandbox/sandbox/nafath/requests`, {
      params: { nationalId, status: 'WAITING' },
    });
    const [transaction] = ((await requests.json()) as { results: { transId: string; random: string }[] })
      .results;
    expect(transaction.random).toBe(await random.textContent());
    const approved = await api(request, 'sa').post(
      `/api/sandbox/sandbox/nafath/${transaction.transId}/approve`,
    );
    expect(approved.status()).toBe(200);
    await expect(page.getByTestId('nafath-verified')).toBeVisible();
    await shot(page, `nafath-verified-sa-${lang}`);
  });
}

for (const [site, lang] of [
  ['ae', 'ar'],
  ['sa', 'en'],
] as const) {
  test(`${site} ${lang}: forgot password → OTP → new password → login with it`, async ({
    page,
    context,
    request,
  }) => {
    await useLanguage(context, lang);
    const account = await apiCustomer(request, site);
    await page.goto(`${SITE[site].url}/login?type=Customer`);
    await page.getByRole('link', { name: lang === 'en' ? 'Forgot password?' : /نسيت/ }).click();
    await expect(page).toHaveURL(/\/forgotPassword/);
    const since = Date.now();
    await page.getByTestId('forgot-mobile-input').fill(account.mobile);
    await page.getByTestId('forgot-submit').click();
    await expect(page).toHaveURL(/\/otpVerify$/);
    await enterOtp(page, await readOtp(request, site, account.mobile, since));
    await expect(page).toHaveURL(/\/resetPassword$/);
    await page.getByTestId('reset-password').locator('input').fill(NEW_PASSWORD);
    await page.getByTestId('reset-confirm').locator('input').fill(NEW_PASSWORD);
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/login\?type=Customer$/);

    await page.getByTestId('login-mobile-input').fill(account.mobile);
    await page.getByTestId('login-password').locator('input').fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(landing(site));
    // The old password no longer works.
    const old = await api(request, site).post(`/api/identity/v1/auth/login/customer`, {
      data: { countryCode: SITE[site].prefix, mobile: account.mobile, password: PASSWORD },
    });
    expect(old.status()).toBe(422);
  });
}

for (const [site, lang] of [
  ['ae', 'en'],
  ['sa', 'ar'],
] as const) {
  test(`${site} ${lang}: the seeded company adds an agent on /addAgent and sees it on /myAgents`, async ({
    page,
    context,
    request,
  }) => {
    await useLanguage(context, lang);
    await putSession(context, site, await apiLogin(request, site, 'company', SITE[site].seeded.company));
    await page.goto(`${SITE[site].url}/myAgents`);
    await expect(page.getByTestId('my-agents-page')).toBeVisible();
    await page.getByTestId('add-agent-link').click();
    await expect(page).toHaveURL(/\/addAgent$/);
    const lastName = `Added${Date.now().toString().slice(-5)}`;
    const mobile = freshMobile();
    // Deleted at the end (pass or fail), so the seeded company stays under its 5-agent plan on a rerun.
    cleanups.push(() => deleteCompanyAgent(request, site, mobile));
    const input = (testId: string) => page.getByTestId(testId).locator('input, textarea').first();
    await page.getByTestId('agent-picture-input').setInputFiles(PNG_FILE);
    await expect(page.getByTestId('agent-picture').locator('img')).toBeVisible();
    await input('agent-firstName').fill('Karim');
    await input('agent-lastName').fill(lastName);
    await input('agent-email').fill(freshEmail(`added-${site}`));
    await page.getByTestId('agent-mobile-input').fill(mobile);
    await input('agent-brn').fill(String(Date.now()).slice(-8));
    await input('agent-password').fill(PASSWORD);
    await input('agent-confirm').fill(PASSWORD);
    await shot(page, `add-agent-${site}-${lang}`);
    await page.getByTestId('agent-submit').click();
    await expect(page).toHaveURL(/\/myAgents/);
    await expect(page.getByTestId('agent-row').filter({ hasText: lastName })).toBeVisible();
    await shot(page, `my-agents-${site}-${lang}`);
    // The company vouches for it: the new agent signs in with the password it was given.
    await apiLogin(request, site, 'agent', mobile);
    // Deleted through the UI: the row leaves /myAgents (the afterEach then finds nothing to do).
    const row = page.getByTestId('agent-row').filter({ hasText: lastName });
    await row.getByTestId('agent-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-dialog-ok').click();
    await expect(row).toHaveCount(0);
  });
}

for (const [site, lang] of [
  ['ae', 'en'],
  ['sa', 'ar'],
] as const) {
  test(`${site} ${lang}: Google sign-in through the sandbox consent page`, async ({ page, context }) => {
    await useLanguage(context, lang);
    await page.goto(`${SITE[site].url}/login?type=Customer`);
    await shot(page, `login-${site}-${lang}`);
    await page.getByTestId('google-sign-in').click();
    await expect(page).toHaveURL(/\/o\/oauth2\/v2\/auth\?/);
    const authorization = new URL(page.url());
    expect(authorization.searchParams.get('response_type')).toBe('id_token');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${SITE[site].url}/auth/google/callback`);
    expect(authorization.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(authorization.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);

    const email = freshEmail(`google-${site}`);
    await page.locator('input[name=email]').last().fill(email);
    await page.locator('input[name=name]').last().fill('Noor Googleton');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(landing(site));
    await expect(page.getByTestId('user-chip')).toContainText('Noor');
    // The fragment with the ID token never stays in the history.
    expect(page.url()).not.toContain('id_token');
    await page.goto(`${SITE[site].url}/profile`);
    await expect(page.getByTestId('profile-view-name')).toHaveText('Noor Googleton');
  });
}

test('ae en: a forged callback (state not ours) is refused', async ({ page }) => {
  await page.goto(`${SITE.ae.url}/auth/google/callback#id_token=abc&state=not-ours`);
  await expect(page.getByTestId('google-callback-error')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
