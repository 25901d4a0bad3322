import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Language, PlanView, Site, SubscriptionView } from '@manzil/contracts';
import { clearSession, LanguageProvider, storeSession } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { activeSubscriptionQuery, plansQuery } from './payment-queries.js';
import { PlansSection } from './plans-section.js';

const FEES = { basic: 99, standard: 249, gold: 499 } as const;

/** The seeded plans of a site (services/payments/src/plans/plans.seed.ts), 1 and 12 months. */
function plans(site: Site): PlanView[] {
  return (['basic', 'standard', 'gold'] as const).flatMap((tier, t) =>
    [1, 12].map((months) => ({
      id: `0192f0c4-6c1e-7a4b-9b1e-4f3c2d1a0b${t}${months === 1 ? 1 : 2}`.padEnd(36, '0').slice(0, 36),
      name: tier[0].toUpperCase() + tier.slice(1),
      tier,
      durationMonths: months,
      fees: months === 1 ? FEES[tier] : Math.round(FEES[tier] * 12 * 0.8),
      currency: site === 'ae' ? ('AED' as const) : ('SAR' as const),
      propertyQuota: 10 * (t + 1),
      agentQuota: 2 * (t + 1),
    })),
  );
}

/** Replies to the API calls in order; keeps what was sent. */
function replyWith(status: number, body: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return { status, ok: status < 400, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
  return calls;
}

/** The purchases sent (the section's reads may refresh meanwhile). */
const posts = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((c) => c.init?.method === 'POST');

function renderSection({
  language,
  site,
  role,
  active = null,
}: {
  language: Language;
  site: Site;
  role: string;
  active?: SubscriptionView | null;
}) {
  const payload = btoa(JSON.stringify({ sub: 'c-1', role, site }));
  storeSession({ token: `e30.${payload}.x`, refresh_token: 'r' }, { notify: false });
  const client = testQueryClient();
  client.setQueryData(plansQuery(language).queryKey, { items: plans(site), page: 1, limit: 100, total: 6 });
  client.setQueryData(activeSubscriptionQuery(language).queryKey, active);
  return render(
    <WithQueryClient client={client}>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site={site}>
        <PlansSection />
      </LanguageProvider>
    </WithQueryClient>,
  );
}

describe('plans on the home page', () => {
  afterEach(() => {
    cleanup();
    clearSession();
  });

  it('offers a company the three plans of the chosen duration and opens checkout for the one it buys', async () => {
    const calls = replyWith(422, { status: 422, success: false, message: 'stop here', results: null });
    renderSection({ language: 'en', site: 'ae', role: 'company' });
    expect(screen.getByTestId('plan-gold').textContent).toContain('4,790');
    fireEvent.click(screen.getByRole('radio', { name: '1 month' }));
    expect(screen.getByTestId('plan-basic').textContent).toContain('AED');
    expect(screen.getByTestId('plan-basic').textContent).toContain('99');
    expect(screen.getByTestId('plan-gold').textContent).toContain('30 properties');
    fireEvent.click(screen.getByTestId('plan-gold-buy'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url).toBe('/api/payments/v1/subscriptions/purchase');
    expect(JSON.parse(String(posts(calls)[0].init?.body))).toEqual({ planId: plans('ae')[4].id });
  });

  it('upgrades above the plan in force and shows the server’s refusal in Arabic', async () => {
    const message = 'اشتراك شركتك يشملك: الشركة وحدها يمكنها شراء باقة.';
    const calls = replyWith(422, { status: 422, success: false, message, results: null });
    const basic = plans('sa')[1];
    renderSection({
      language: 'ar',
      site: 'sa',
      role: 'agent',
      active: {
        id: '0192f0c4-6c1e-7a4b-9b1e-4f3c2d1a0b99',
        plan: basic,
        status: 'active',
        startsAt: '2026-11-01T00:00:00.000Z',
        endsAt: '2027-11-01T00:00:00.000Z',
      },
    });
    expect(screen.getByTestId('plans-current').textContent).toContain('Basic');
    expect(screen.getByTestId('plan-basic-renew').textContent).toBe('جدّد');
    fireEvent.click(screen.getByTestId('plan-gold-upgrade'));
    await waitFor(() => expect(screen.getByTestId('plans-error').textContent).toBe(message));
    expect(posts(calls)[0].url).toBe('/api/payments/v1/subscriptions/upgrade');
  });

  it('is not shown to a customer', () => {
    replyWith(200, {});
    renderSection({ language: 'en', site: 'ae', role: 'user' });
    expect(screen.queryByTestId('plans-section')).toBeNull();
  });
});
