import '../../test/jsdom-globals.js';
import { describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PropertySummary } from '@manzil/contracts';
import { LanguageProvider } from './language-provider.js';
import { PropertyCard } from './property-card.js';
import { propertySummary } from '../../test/fixtures.js';

const property = propertySummary({
  id: '5b1f6a2e-0c3d-4e8a-9f21-000000000001',
  site: 'sa',
  slug: 'villa-in-hittin',
  title: { en: 'Corner villa in Hittin', ar: 'فيلا على زاوية في حطين' },
  kind: 'villa',
  price: 4250000,
  currency: 'SAR',
  bedrooms: 5,
  bathrooms: 1,
  area: 412.5,
  areaUnit: 'sqm',
  city: { en: 'Riyadh', ar: 'الرياض' },
  community: { en: 'Hittin', ar: 'حطين' },
  coverPhoto: '/photos/1.jpg',
  agreementType: 'exclusive-plus',
  agentName: 'Noura Al Otaibi',
});

function renderCard(language: 'en' | 'ar', overrides: Partial<PropertySummary> = {}) {
  return render(
    <MemoryRouter>
      <LanguageProvider language={language} messages={{}}>
        <PropertyCard property={{ ...property, ...overrides }} to="/property/villa-in-hittin" />
      </LanguageProvider>
    </MemoryRouter>,
  );
}

describe('PropertyCard', () => {
  it('shows price first, title, location, facts, badge and agent in English', () => {
    renderCard('en');
    const card = screen.getByTestId('property-card');
    expect(card.querySelector('.mz-card__body')?.firstElementChild?.textContent).toBe('SAR 4,250,000');
    expect(screen.getByTestId('property-title').textContent).toBe('Corner villa in Hittin');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/property/villa-in-hittin');
    expect(card.textContent).toContain('Hittin, Riyadh');
    expect(card.textContent).toContain('5 beds');
    expect(card.textContent).toContain('1 bath');
    expect(card.textContent).toContain('412.5 m²');
    expect(screen.getByTestId('agreement-badge').textContent).toBe('Platinum');
    expect(card.textContent).toContain('Listed by Noura Al Otaibi');
  });

  it('speaks Arabic with the number in an ltr run and the riyal sign after it', () => {
    renderCard('ar');
    expect(screen.getByTestId('property-title').textContent).toBe('فيلا على زاوية في حطين');
    const price = screen.getByTestId('property-card').querySelector('.mz-price');
    expect(price?.querySelector('bdi[dir="ltr"]')?.textContent).toBe('4,250,000');
    expect(price?.textContent).toBe('4,250,000 ﷼');
    expect(screen.getByTestId('property-card').textContent).toContain('حطين، الرياض');
    expect(screen.getByTestId('property-card').textContent).toContain('م²');
  });

  it('names the advertiser in Arabic on Arabic pages when the search hit carries it', () => {
    renderCard('ar', { agent: { name: 'Noura Al Otaibi', nameAr: 'نورة العتيبي' } } as never);
    expect(screen.getByTestId('card-agent').textContent).toBe('المعلن: \u2068نورة العتيبي\u2069');
    cleanup();
    renderCard('en', { agent: { name: 'Noura Al Otaibi', nameAr: 'نورة العتيبي' } } as never);
    expect(screen.getByTestId('card-agent').textContent).toBe('Listed by Noura Al Otaibi');
  });

  it('says Studio for 0 bedrooms and shows no badge for a shared listing', () => {
    renderCard('en', { bedrooms: 0, agreementType: 'shared' });
    expect(screen.getByTestId('property-card').textContent).toContain('Studio');
    expect(screen.queryByTestId('agreement-badge')).toBeNull();
  });

  it('falls back to a placeholder when the cover photo fails', () => {
    renderCard('en');
    fireEvent.error(screen.getByRole('img', { name: 'Corner villa in Hittin' }));
    expect(screen.getByRole('img', { name: 'No photo yet' })).toBeTruthy();
  });
});
