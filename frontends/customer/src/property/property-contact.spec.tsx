import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ENGAGEMENT_API, type AgentResponse, type Language, type PropertyDetail } from '@manzil/contracts';
import { LanguageProvider, TOKEN_KEY, setLoginPromptHandler } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { AgentCard } from './property-contact.js';

const listing = {
  id: '5d0c1f7e-2b8a-4e61-9c3d-7f4e8a9b0c1d',
  slug: 'marina-gate-2br',
  referenceNumber: 'MZ-1001',
  agent: { id: '0b7e4a1c-9a52-4c3e-8d0f-5a1b2c3d4e5f', name: 'Sara Nasser' },
} as unknown as PropertyDetail['listing'];
const contact = { phone: '+971501234567', whatsapp: '971501234567', email: 'sara@example.com' };

function renderCard(language: Language, shown: PropertyDetail['listing'] = listing) {
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site="ae">
          <AgentCard listing={shown} title="Marina Gate" site="ae" contact={contact} />
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('property agent card', () => {
  it.each(['en', 'ar'] as const)(
    "reaches the listing's agent by call, WhatsApp and e-mail (%s)",
    (language) => {
      localStorage.setItem(
        TOKEN_KEY,
        `h.${Buffer.from(JSON.stringify({ role: 'user' })).toString('base64url')}.s`,
      );
      renderCard(language);
      expect(screen.getByTestId('agent-name').textContent).toBe('Sara Nasser');
      expect(screen.getByTestId('agent-call').getAttribute('href')).toBe('tel:+971501234567');
      expect(screen.getByTestId('agent-whatsapp').getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/971501234567\?text=/,
      );
      expect(screen.getByTestId('agent-email').getAttribute('href')).toMatch(
        /^mailto:sara@example\.com\?subject=Marina%20Gate/,
      );
      expect(screen.getByTestId('agent-call').textContent).toBe(language === 'en' ? 'Call' : 'اتصال');
    },
  );

  it.each([
    ['en', 'Sara Nasser', 'Marina Homes Real Estate'],
    ['ar', 'سارة ناصر', 'مارينا هومز للعقارات'],
  ] as const)(
    'names the agent and its company in the page language (%s)',
    (language, agentName, companyName) => {
      renderCard(language, {
        ...listing,
        agent: { ...listing.agent, nameAr: 'سارة ناصر' },
        company: {
          id: '0b7e4a1c-9a52-4c3e-8d0f-5a1b2c3d4e60',
          name: 'Marina Homes Real Estate',
          nameAr: 'مارينا هومز للعقارات',
        },
      });
      expect(screen.getByTestId('agent-name').textContent).toBe(agentName);
      expect(screen.getByTestId('agent-company').textContent).toBe(companyName);
    },
  );

  it('shows no company line for a freelancer or a company identity has not named', () => {
    renderCard('ar', { ...listing, company: { id: '0b7e4a1c-9a52-4c3e-8d0f-5a1b2c3d4e60' } });
    expect(screen.queryByTestId('agent-company')).toBeNull();
  });

  it('asks a visitor to log in with the contact prompt before calling, and lets a signed-in one through', () => {
    const prompts: string[] = [];
    const stop = setLoginPromptHandler((reason) => prompts.push(reason));
    renderCard('en');
    const call = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByTestId('agent-call').dispatchEvent(call);
    expect(call.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByTestId('agent-whatsapp'));
    expect(prompts).toEqual(['contact', 'contact']);

    localStorage.setItem(
      TOKEN_KEY,
      `h.${Buffer.from(JSON.stringify({ role: 'user' })).toString('base64url')}.s`,
    );
    const email = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByTestId('agent-email').dispatchEvent(email);
    expect(email.defaultPrevented).toBe(false);
    expect(prompts).toHaveLength(2);
    stop();
  });

  it.each([
    ['en', 'Typically responds within 5 minutes'],
    ['ar', 'يرد عادةً خلال 5 دقائق'],
  ] as const)(
    '%s: says "typically responds within 5 minutes" only when the measured median supports it',
    async (language, line) => {
      const answer = (results: AgentResponse) =>
        jest.fn<typeof fetch>(async (input) => {
          expect(String(input)).toBe(`/api/listings${ENGAGEMENT_API.agentResponse(listing.id)}`);
          return {
            status: 200,
            ok: true,
            json: async () => ({ status: 200, success: true, message: '', results }),
          } as Response;
        });
      globalThis.fetch = answer({ medianMinutes: 3, sample: 12, respondsFast: true });
      const { unmount } = renderCard(language);
      expect((await screen.findByTestId('agent-responds-fast')).textContent).toBe(line);
      unmount();

      // A slow median, then too few enquiries to say: no claim.
      for (const results of [
        { medianMinutes: 42, sample: 12, respondsFast: false },
        { medianMinutes: null, sample: 2, respondsFast: false },
      ]) {
        const fetchMock = answer(results);
        globalThis.fetch = fetchMock;
        const card = renderCard(language);
        await waitFor(() => expect(fetchMock).toHaveBeenCalled());
        await screen.findByTestId('agent-name');
        expect(screen.queryByTestId('agent-responds-fast')).toBeNull();
        card.unmount();
      }
    },
  );

  it('sends a lead beacon for a call or WhatsApp click that goes through, none for one the login prompt stops', async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify({ success: true, results: { counted: true } }), { status: 202 });
    }) as typeof fetch;
    const stop = setLoginPromptHandler(() => undefined);
    try {
      renderCard('en');
      fireEvent.click(screen.getByTestId('agent-call'));
      const beacons = () => sent.filter((s) => s.url.endsWith(`/properties/${listing.id}/contact-clicks`));
      expect(beacons()).toEqual([]);

      const token = `h.${Buffer.from(JSON.stringify({ role: 'user' })).toString('base64url')}.s`;
      localStorage.setItem(TOKEN_KEY, token);
      fireEvent.click(screen.getByTestId('agent-call'));
      fireEvent.click(screen.getByTestId('agent-whatsapp'));
      fireEvent.click(screen.getByTestId('agent-email'));
      await Promise.resolve();
      expect(beacons().map((b) => b.url)).toEqual([
        `/api/listings/v1/properties/${listing.id}/contact-clicks`,
        `/api/listings/v1/properties/${listing.id}/contact-clicks`,
      ]);
      const bodies = beacons().map(
        (b) => JSON.parse(String(b.init.body)) as { kind: string; visitor: string },
      );
      expect(bodies.map((b) => b.kind)).toEqual(['call', 'whatsapp']);
      // One anonymous id per browser, the token along (keepalive: the page may be leaving).
      expect(bodies[0].visitor).toMatch(/^[0-9a-f-]{36}$/);
      expect(bodies[1].visitor).toBe(bodies[0].visitor);
      expect(beacons()[0].init).toMatchObject({ method: 'POST', keepalive: true });
      expect((beacons()[0].init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    } finally {
      stop();
      globalThis.fetch = original;
    }
  });
});
