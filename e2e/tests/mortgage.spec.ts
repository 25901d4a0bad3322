// The mortgage calculator in both languages on both sites: the site's settings from content,
// the rules of spec §5 with their messages beside the fields, the payment and the costs.
import { expect, test } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { open } from '../helpers/content.js';

const LRI = '\u2066';
const PDI = '\u2069';

test('sa/ar: the calculator in Arabic, with the Saudi minimum down payment and its transaction tax', async ({
  page,
}) => {
  await open(page, 'sa', 'ar', listingPagePath('mortgage-calculator', 'ar'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('حاسبة التمويل العقاري');
  await expect(page).toHaveTitle('حاسبة التمويل العقاري | منزل');
  // Content's Saudi defaults: 10 % down on 1,000,000 over 25 years at 5.5 %.
  await expect(page.getByTestId('mortgage-monthly')).toHaveText(`${LRI}5,527${PDI} ﷼`);
  await expect(page.getByTestId('mortgage-costs')).toContainText('ضريبة التصرفات العقارية');

  const rate = page.getByTestId('field-interestRate').locator('input');
  await rate.fill('11');
  await rate.blur();
  await expect(page.getByTestId('field-interestRate')).toContainText('يجب أن تكون نسبة الفائدة بين');
  await expect(page.getByTestId('mortgage-results')).toContainText('صحّح الحقول المشار إليها');
  // Typed with Arabic-Indic digits, as an Arabic keyboard gives them.
  await rate.fill('٥٫٥');
  await expect(rate).toHaveValue('5.5');
  await expect(page.getByTestId('mortgage-monthly')).toHaveText(`${LRI}5,527${PDI} ﷼`);
});

test('ae/en: the calculator in English, with the fees of the value below 500,000', async ({ page }) => {
  await open(page, 'ae', 'en', listingPagePath('mortgage-calculator', 'en'));
  // Content's UAE defaults: 20 % down on 1,000,000 over 25 years at 4.25 %.
  await expect(page.getByTestId('mortgage-monthly')).toHaveText('AED 4,334');
  const value = page.getByTestId('field-propertyValue').locator('input');
  const down = page.getByTestId('field-downPayment').locator('input');
  await value.fill('40000');
  await value.blur();
  await expect(page.getByTestId('field-propertyValue')).toContainText(
    'Property value must be at least 50,000.',
  );
  await value.fill('400000');
  await down.fill('50000');
  await down.blur();
  await expect(page.getByTestId('field-downPayment')).toContainText(
    'Down payment is below the minimum for this site.',
  );
  await down.fill('80000');
  await expect(page.getByTestId('mortgage-loan')).toHaveText('AED 320,000');
  await expect(page.getByTestId('mortgage-costs')).toContainText('Registration trustee fee');
  await expect(page.getByTestId('mortgage-costs')).toContainText('AED 2,000');
});
