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
  id: '6a0f8c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  slug: 'marina-gate-2br',
  referenceNumber: 'MZ-1001',
  agent: { id: '0b7e4a1c-9a52-4c3e-8d0f-5a1b2c3d4e5f', name: 'Sara Nasser' },
} as unknown as PropertyDetail['listing'];
const contact = { phone: '+971501234567', whatsapp: '971501234567', email: 'sara@example.com' };

function renderCard(language: Language) {
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site="ae">
          <AgentCard listing={listing} title="Marina Gate" site="ae" contact={contact} />
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
});
