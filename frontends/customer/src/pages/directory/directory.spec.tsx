import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PublicAgentSummary } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { AgentCard } from './directory-parts.js';

const agent = (company: PublicAgentSummary['company']): PublicAgentSummary => ({
  id: '0b7e4a1c-9a52-4c3e-8d0f-5a1b2c3d4e5f',
  slug: 'sara-nasser-0b7e4a1c',
  name: { en: 'Sara Nasser', ar: 'سارة ناصر' },
  picture: null,
  designation: null,
  languages: ['Arabic', 'English', 'Tamazight'],
  brn: '40001',
  company,
});

function renderCard(language: 'en' | 'ar', card: PublicAgentSummary) {
  render(
    <MemoryRouter>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site="ae">
        <ul>
          <AgentCard agent={card} />
        </ul>
      </LanguageProvider>
    </MemoryRouter>,
  );
  return screen.getByTestId('agent-card');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('agent card', () => {
  it('names the agent, the company and the languages in the page language, and links to the profile', () => {
    const company = {
      id: '1c7e4a1c-9a52-4c3e-8d0f-5a1b2c3d4e5f',
      slug: 'marina-homes-1c7e4a1c',
      name: { en: 'Marina Homes', ar: 'مارينا هومز' },
      logo: null,
    };
    const english = renderCard('en', agent(company));
    expect(english.textContent).toContain('Sara Nasser');
    expect(english.textContent).toContain('Marina Homes');
    expect(english.textContent).toContain('Speaks Arabic, English, and Tamazight');
    expect(english.querySelector('a')?.getAttribute('href')).toBe('/agents/sara-nasser-0b7e4a1c');
    document.body.innerHTML = '';

    const arabic = renderCard('ar', agent(company));
    expect(arabic.textContent).toContain('سارة ناصر');
    expect(arabic.textContent).toContain('مارينا هومز');
    expect(arabic.textContent).toContain('العربية');
    expect(arabic.textContent).toContain('الإنجليزية');
    // A language we cannot name stays as the agent wrote it.
    expect(arabic.textContent).toContain('Tamazight');
    // The initial in the brand circle, not a broken image.
    expect(arabic.querySelector('.cu-avatar--letter')?.textContent).toBe('س');
  });

  it('says freelance agent when there is no company', () => {
    expect(renderCard('ar', agent(null)).textContent).toContain('وسيط مستقل');
  });
});
