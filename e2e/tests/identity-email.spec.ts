/// <reference lib="dom" />
// E-mail verification on /profile (the code read from the sandbox's e-mail sink) in both
// languages, and Google sign-up offered to customers only on /register.
import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  SITE,
  api,
  freshEmail,
  freshMobile,
  putSession,
  readEmail,
  readOtp,
  shot,
  useLanguage,
  type Lang,
  type SiteKey,
  type Tokens,
} from '../helpers/identity.js';

for (const [site, lang] of [
  ['ae', 'en'],
  ['sa', 'ar'],
] as [SiteKey, Lang][]) {
  test(`${site} ${lang}: sign-up e-mails a code; the profile verifies the e-mail in a dialog`, async ({
    page,
    context,
    request,
  }) => {
    await useLanguage(context, lang);
    const mobile = freshMobile();
    const email = freshEmail(`verify-${site}-${lang}`);
    const since = Date.now();
    const registered = await api(request, site).post(`/api/identity/v1/auth/register/customer`, {
      headers: { language: lang },
      data: {
        firstName: 'Huda',
        lastName: 'Mailer',
        email,
        countryCode: SITE[site].prefix,
        mobile,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsAccepted: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const signUpMail = await readEmail(request, site, email, since);
    expect(signUpMail.subject).toBe(
      lang === 'ar' ? 'رمز التحقق من بريدك الإلكتروني في منزل' : 'Your Manzil e-mail verification code',
    );
    expect(signUpMail.html).toContain(`dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);

    // The mobile's OTP signs in: the e-mail is not needed for that (spec §4).
    const otp = await readOtp(request, site, mobile, since);
    const verified = await api(request, site).post(`/api/identity/v1/auth/otp/verify`, {
      data: { countryCode: SITE[site].prefix, mobile, otp, purpose: 'signup' },
    });
    expect(verified.status(), await verified.text()).toBe(200);
    await putSession(context, site, ((await verified.json()) as { results: Tokens }).results);

    await page.goto(`${SITE[site].url}/profile`);
    const status = page.getByTestId('profile-email-status');
    await expect(status).toHaveText(lang === 'ar' ? 'غير موثق' : 'Not verified');
    await page.getByTestId('profile-email-verify').click();
    const dialog = page.getByTestId('email-otp-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);
    await expect(dialog.getByTestId('otp-countdown')).toBeVisible();
    await shot(page, `email-verify-dialog-${site}-${lang}`);
    // The newest code: a fresh one, or during the resend cooldown the sign-up one (the dialog opens
    // once identity has answered, so a fresh code is in the sink by now).
    const mail = await readEmail(request, site, email, since);
    for (const [index, digit] of [...mail.code].entries()) {
      await page.getByTestId(`email-otp-box-${index}`).fill(digit);
    }
    await page.getByTestId('email-otp-submit').click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText(lang === 'ar' ? 'موثق' : 'Verified');
    await expect(page.getByTestId('profile-email-verify')).toHaveCount(0);
    await shot(page, `email-verified-${site}-${lang}`);
  });
}

test('ae en: "Continue with Google" is offered on the customer tab of /register only', async ({ page }) => {
  await page.goto(`${SITE.ae.url}/register?type=Customer`);
  await expect(page.getByTestId('register-form-Customer')).toBeVisible();
  await expect(page.getByTestId('google-sign-in')).toBeVisible();
  for (const type of ['Agent', 'Company']) {
    await page.goto(`${SITE.ae.url}/register?type=${type}`);
    await expect(page.getByTestId(`register-form-${type}`)).toBeVisible();
    await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
  }
  // The login page keeps it for every kind: existing agents and companies still sign in with Google.
  await page.goto(`${SITE.ae.url}/login?type=Agent`);
  await expect(page.getByTestId('google-sign-in')).toBeVisible();
});

test('sa ar: a new Google account asked for as an agent is refused with a clear message', async ({
  request,
}) => {
  const minted = await api(request, 'sa').post(`/api/sandbox/sandbox/google/id-token`, {
    data: { email: freshEmail('google-agent'), name: 'Would Be Agent' },
  });
  expect(minted.status(), await minted.text()).toBe(200);
  const { id_token: idToken } = ((await minted.json()) as { results: { id_token: string } }).results;
  const refused = await api(request, 'sa').post(`/api/identity/v1/auth/google`, {
    headers: { language: 'ar' },
    data: { idToken, role: 'agent' },
  });
  expect(refused.status()).toBe(422);
  const body = (await refused.json()) as { results: { fields: { field: string; message: string }[] } };
  expect(body.results.fields[0]).toMatchObject({ field: 'role' });
  expect(body.results.fields[0].message).toContain('Google');
});
