import '@manzil/ui/test/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ARABIC_LISTING_PAGES, type Language, type PaymentView, type Site } from '@manzil/contracts';
import { clearSession, LanguageProvider, storeSession } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { paymentQuery } from './payment-queries.js';
import { PaymentFailedPage, PaymentSuccessPage } from './payment-result-pages.js';

const PAYMENT_ID = '0192f0c4-6c1e-7a4b-9b1e-4f3c2d1a0b9c';

function payment(status: PaymentView['status'], site: Site): PaymentView {
  return {
    id: PAYMENT_ID,
    purpose: 'subscription',
    status,
    amount: 1422,
    currency: site === 'ae' ? 'AED' : 'SAR',
    plan: {
      id: '0192f0c4-6c1e-7a4b-9b1e-4f3c2d1a0b9d',
      name: site === 'ae' ? 'Gold' : 'ذهبي',
      tier: 'gold',
      durationMonths: 3,
      fees: 1422,
      currency: site === 'ae' ? 'AED' : 'SAR',
      propertyQuota: 200,
      agentQuota: 50,
    },
    subscriptionId: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    paidAt: null,
  };
}

/** A signed-in company (the page only reads the payload) whose payment the cache already holds. */
function renderPage(
  Page: typeof PaymentSuccessPage,
  { language, site, status }: { language: Language; site: Site; status?: PaymentView['status'] },
) {
  const client = testQueryClient();
  if (status) client.setQueryData(paymentQuery(PAYMENT_ID, language).queryKey, payment(status, site));
  return render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={[`/payments/page?paymentId=${PAYMENT_ID}`]}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site={site}>
          <Page />
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

describe('payment result pages', () => {
  beforeEach(() => {
    // Reads the cache never goes past: a request would hang rather than reach a server.
    globalThis.fetch = (() => new Promise(() => undefined)) as typeof fetch;
    const payload = btoa(JSON.stringify({ sub: 'c-1', role: 'company', site: 'ae' }));
    storeSession({ token: `e30.${payload}.x`, refresh_token: 'r' }, { notify: false });
  });
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('says the payment is received and will be updated shortly while it is pending', () => {
    renderPage(PaymentSuccessPage, { language: 'en', site: 'ae', status: 'pending' });
    expect(screen.getByTestId('payment-received').textContent).toContain(
      'Your payment will be updated shortly.',
    );
    expect(screen.getByTestId('payment-status').textContent).toBe('Pending');
  });

  it('confirms a paid subscription with its plan and amount', () => {
    renderPage(PaymentSuccessPage, { language: 'en', site: 'ae', status: 'paid' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your payment is successful');
    expect(screen.getByTestId('payment-summary').textContent).toContain('Gold, 3 months');
    expect(screen.getByTestId('payment-summary').textContent).toContain('AED');
    expect(screen.getByTestId('payment-status').textContent).toBe('Paid');
  });

  it("shows spec §8's failure message in Arabic on the Saudi site, with a way to try again and to contact us", () => {
    renderPage(PaymentFailedPage, { language: 'ar', site: 'sa', status: 'canceled' });
    expect(screen.getByTestId('payment-failed').textContent).toContain(
      'عذرًا، فشلت عملية الدفع، يرجى المحاولة مرة أخرى أو التواصل معنا.',
    );
    expect(screen.getByTestId('payment-status').textContent).toBe('ملغاة');
    expect(screen.getByRole('link', { name: 'تواصل معنا' }).getAttribute('href')).toBe(
      ARABIC_LISTING_PAGES['contact-us'],
    );
  });

  it('shows the failure on the success page when the provider said the payment did not go through', () => {
    renderPage(PaymentSuccessPage, { language: 'en', site: 'ae', status: 'canceled' });
    expect(screen.getByTestId('payment-failed').textContent).toContain(
      'Sorry, your payment is failed, Please try again or contact us.',
    );
  });

  it('still says the request was received to a visitor who is not signed in', () => {
    clearSession();
    renderPage(PaymentSuccessPage, { language: 'ar', site: 'sa' });
    expect(screen.getByTestId('payment-received').textContent).toContain('سيتم تحديث حالة الدفع قريبًا.');
    expect(screen.queryByTestId('payment-summary')).toBeNull();
  });
});
