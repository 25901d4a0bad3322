import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FeedbackProvider, LanguageProvider, contentQueries } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import en from '../../i18n/en.json' with { type: 'json' };
import { ContactPage } from './contact-pages.js';

const INFO = {
  email: 'hello@manzil.ae',
  mobile: '4 123 4567',
  phonePrefix: '+971',
  whatsapp: '97141234567',
  addresses: ['Marina Plaza, Dubai'],
  facebookUrl: null,
  linkedinUrl: null,
  twitterUrl: null,
  youtubeUrl: null,
  instgramUrl: null,
  appStoreUrl: null,
  playStoreUrl: null,
  licenceCertificateUrl: null,
};

/** What the shell's footer reads on every page (shell/src/layout/footer.tsx). */
function FooterContact() {
  const { data } = useQuery(contentQueries.adminInfo('en'));
  return data ? <p data-testid="footer-stand-in">{data.email}</p> : null;
}

describe('/contact-us', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('asks for the admin info once, though the footer and the page both show it', async () => {
    const fetchMock = jest.fn<typeof fetch>(
      async () =>
        ({
          status: 200,
          ok: true,
          statusText: 'OK',
          json: async () => ({ status: 200, success: true, message: 'OK', results: INFO }),
        }) as Response,
    );
    globalThis.fetch = fetchMock;
    render(
      <WithQueryClient client={testQueryClient()}>
        <MemoryRouter initialEntries={['/contact-us']}>
          <LanguageProvider language="en" messages={en}>
            <FeedbackProvider language="en">
              <ContactPage site="ae" />
              <FooterContact />
            </FeedbackProvider>
          </LanguageProvider>
        </MemoryRouter>
      </WithQueryClient>,
    );
    expect((await screen.findByTestId('contact-details')).textContent).toContain('+971 4 123 4567');
    expect(screen.getByTestId('footer-stand-in').textContent).toBe('hello@manzil.ae');
    const adminInfoCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/admin-info'));
    expect(adminInfoCalls).toHaveLength(1);
  });
});
