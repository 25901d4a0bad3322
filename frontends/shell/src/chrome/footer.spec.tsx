import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  listingPagePath,
  type AdminInfo,
  type PropertyTypeSlug,
  type Role,
  type Site,
} from '@manzil/contracts';
import { fallbackConfig } from '../config/site-config.js';
import { Footer } from '../layout/footer.js';
import { searchLink, FOOTER_PLACES } from './footer-links.js';
import { mockApi, renderChrome } from './test-render.js';

const ADMIN_INFO: Record<Site, AdminInfo> = {
  ae: {
    email: 'hello@manzil.ae',
    mobile: '4 123 4567',
    phonePrefix: '+971',
    whatsapp: '97141234567',
    addresses: ['Office 1201, Marina Plaza, Dubai Marina, Dubai'],
    facebookUrl: 'https://facebook.com/manzil',
    linkedinUrl: null,
    twitterUrl: null,
    youtubeUrl: null,
    instgramUrl: 'https://instagram.com/manzil',
    appStoreUrl: null,
    playStoreUrl: null,
    licenceCertificateUrl: null,
  },
  sa: {
    email: 'hello@manzil.sa',
    mobile: '11 123 4567',
    phonePrefix: '+966',
    whatsapp: '966111234567',
    addresses: ['King Fahd Road, Riyadh'],
    facebookUrl: null,
    linkedinUrl: null,
    twitterUrl: null,
    youtubeUrl: null,
    instgramUrl: null,
    appStoreUrl: 'https://apps.apple.com/app/manzil',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=manzil',
    licenceCertificateUrl: '/api/content/v1/media/licence-sa.svg',
  },
};

function config(site: Site, inactive: PropertyTypeSlug[] = []) {
  const base = fallbackConfig(site, 'en');
  return {
    ...base,
    propertyType: base.propertyType.map((type) => ({
      ...type,
      status: inactive.includes(type.slug) ? ('inactive' as const) : ('active' as const),
    })),
  };
}

function renderFooter(
  role: Role,
  site: Site = 'ae',
  inactive: PropertyTypeSlug[] = [],
  language: 'en' | 'ar' = 'en',
) {
  mockApi({ '/api/content/v1/admin-info': ADMIN_INFO[site] });
  return renderChrome(
    <Footer language={language} site={site} role={role} config={config(site, inactive)} />,
    language,
  );
}

const hrefOf = (testId: string) => screen.getByTestId(testId).getAttribute('href') ?? '';

describe('footer (spec §2)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each(['visitor', 'user'] as const)('shows the Discover column to %s', (role) => {
    renderFooter(role);
    expect(screen.getByTestId('footer-discover')).toBeTruthy();
    expect(screen.getByTestId('footer-popular')).toBeTruthy();
  });

  it.each(['agent', 'company', 'admin'] as const)('hides the Discover column from %s', (role) => {
    renderFooter(role);
    expect(screen.queryByTestId('footer-discover')).toBeNull();
    expect(screen.queryByTestId('footer-popular')).toBeNull();
    expect(screen.getByTestId('footer-quick-links')).toBeTruthy();
  });

  it('shows rent and buy links only for active property types', () => {
    renderFooter('visitor', 'ae', ['rent']);
    const discover = within(screen.getByTestId('footer-discover'));
    expect(discover.queryByTestId('footer-link-buy')).not.toBeNull();
    expect(discover.queryByTestId('footer-link-rent')).toBeNull();
    expect(discover.queryByTestId('footer-link-apartment-rent')).toBeNull();
    expect(discover.queryByTestId('footer-link-apartment-buy')).not.toBeNull();
    const popular = screen.getByTestId('footer-popular');
    expect(popular.querySelectorAll('a[href^="/rent/"]')).toHaveLength(0);
    expect(popular.querySelectorAll('a[href^="/buy/"]').length).toBeGreaterThan(0);
  });

  it('links apartments for rent and sale with preset filters in Dubai / Riyadh', () => {
    renderFooter('visitor', 'ae');
    const rent = new URL(hrefOf('footer-link-apartment-rent'), 'http://x');
    expect(rent.pathname).toBe('/rent/properties-for-rent');
    expect(rent.searchParams.get('propertyType')).toBe('rent');
    expect(rent.searchParams.get('type')).toBe('apartment');
    expect(JSON.parse(rent.searchParams.get('locationSelected') ?? '')).toEqual([
      { id: 'dubai', name: 'Dubai', type: 'city' },
    ]);
  });

  it('builds the quick searches with propertyType, type and locationSelected per site', () => {
    renderFooter('user', 'sa');
    const villa = new URL(hrefOf('footer-link-villa-buy-riyadh'), 'http://x');
    expect(villa.pathname).toBe('/buy/properties-for-sale');
    expect(Object.fromEntries(villa.searchParams)).toEqual({
      propertyType: 'buy',
      type: 'villa',
      locationSelected: JSON.stringify([{ id: 'riyadh', name: 'Riyadh', type: 'city' }]),
    });
    const sahafa = new URL(hrefOf('footer-link-apartment-buy-as-sahafa'), 'http://x');
    expect(JSON.parse(sahafa.searchParams.get('locationSelected') ?? '')).toEqual([
      { id: 'as-sahafa', name: 'As Sahafa', type: 'community' },
    ]);
    expect(screen.getByTestId('footer-link-villa-buy-riyadh').textContent).toBe('Villas for sale in Riyadh');
  });

  it('writes the Arabic search on the Arabic listing path with the Arabic place name', () => {
    const link = searchLink('rent', 'apartment', FOOTER_PLACES.ae.community, 'ar');
    const url = new URL(link, 'http://x');
    expect(decodeURIComponent(url.pathname)).toBe('/ايجار/عقارات-للايجار');
    expect(JSON.parse(url.searchParams.get('locationSelected') ?? '')).toEqual([
      { id: 'dubai-marina', name: 'دبي مارينا', type: 'community' },
    ]);
  });

  it('lists the quick links of the spec', () => {
    renderFooter('agent');
    const hrefs = [...screen.getByTestId('footer-quick-links').querySelectorAll('a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(hrefs).toEqual([
      '/aboutCompany',
      '/blog',
      '/termsandCondition',
      '/privacyPolicy',
      '/faq',
      '/complaints-and-suggestions',
      '/contact-us',
    ]);
  });

  it('shows the admin info contact with +971, addresses, social links and the year', async () => {
    renderFooter('visitor', 'ae');
    expect((await screen.findByTestId('footer-email')).textContent).toBe('hello@manzil.ae');
    expect(screen.getByTestId('footer-phone').textContent).toBe('+971 4 123 4567');
    expect(screen.getByTestId('footer-addresses').textContent).toContain('Marina Plaza');
    expect(screen.getByTestId('footer-social').querySelectorAll('a')).toHaveLength(2);
    expect(screen.queryByTestId('footer-apps')).toBeNull();
    expect(screen.getByTestId('copyright').textContent).toContain(String(new Date().getFullYear()));
    expect(hrefOf('float-whatsapp')).toBe('https://wa.me/97141234567');
    expect(hrefOf('float-call')).toBe('tel:+97141234567');
  });

  it('shows the app links and the licence certificate on the Saudi site, with +966', async () => {
    renderFooter('visitor', 'sa', [], 'ar');
    expect((await screen.findByTestId('footer-apps')).querySelectorAll('a')).toHaveLength(2);
    expect(screen.getByTestId('footer-licence').getAttribute('src')).toBe(
      '/api/content/v1/media/licence-sa.svg',
    );
    expect(screen.getByTestId('footer-phone').textContent).toBe('+966 11 123 4567');
  });

  it.each(['en', 'ar'] as const)(
    'never shows or dials a made-up number when the admin info cannot be had (%s)',
    async (language) => {
      const fetchMock = mockApi({});
      renderChrome(<Footer language={language} site="ae" role="visitor" config={config('ae')} />, language);
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/admin-info'))).toBe(true),
      );
      // Let the failed answer land before looking.
      await act(async () => undefined);
      const footer = screen.getByTestId('site-footer');
      expect(footer.querySelectorAll('a[href^="tel:"]')).toHaveLength(0);
      expect(footer.querySelectorAll('a[href^="https://wa.me/"]')).toHaveLength(0);
      expect(screen.queryByTestId('footer-phone')).toBeNull();
      const contact = screen.getByTestId('footer-contact-link');
      expect(decodeURI(contact.getAttribute('href') ?? '')).toBe(listingPagePath('contact-us', language));
    },
  );
});
