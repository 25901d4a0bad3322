import '@manzil/ui/test/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Language, Site } from '@manzil/contracts';
import { LanguageProvider, contentQueries } from '@manzil/ui';
import { mortgageSettings } from '@manzil/ui/test/fixtures';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { MortgageCalculatorPage } from '../pages/mortgage-calculator-page.js';
import { PropertyMortgage } from './property-mortgage.js';

const LRI = '\u2066';
const PDI = '\u2069';

/** A listing's section and the calculator's own page behind its link, the settings already read. */
function renderListing(site: Site, language: Language, price: number) {
  const client = testQueryClient();
  client.setQueryData(contentQueries.mortgageSettings(language).queryKey, mortgageSettings(site));
  return render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={['/property/villa']}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site={site}>
          <Routes>
            <Route path="/property/villa" element={<PropertyMortgage price={price} site={site} />} />
            <Route path="*" element={<MortgageCalculatorPage site={site} />} />
          </Routes>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

describe('the mortgage calculator on a listing for sale', () => {
  it('starts from the listing’s price with its upfront costs, recomputes as the buyer types, and opens the full page with that price', async () => {
    renderListing('ae', 'en', 2_000_000);
    const section = screen.getByTestId('property-mortgage');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Mortgage for this property');
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('Monthly payment');
    expect(
      (within(section).getByTestId('field-propertyValue').querySelector('input') as HTMLInputElement).value,
    ).toBe('2000000');
    // 1,600,000 over 25 years at 4.25 %; the costs of a value above 500,000.
    expect(within(section).getByTestId('mortgage-monthly').textContent).toBe('AED 8,668');
    expect(within(section).getByTestId('mortgage-loan').textContent).toBe('AED 1,600,000');
    expect(within(section).getByTestId('mortgage-costs').textContent).toContain('AED 4,000');
    fireEvent.change(within(section).getByTestId('field-termYears').querySelector('input')!, {
      target: { value: '15' },
    });
    await waitFor(() =>
      expect(within(section).getByTestId('mortgage-monthly').textContent).toBe('AED 12,036'),
    );

    fireEvent.click(within(section).getByRole('link', { name: 'Open the mortgage calculator' }));
    const page = await screen.findByTestId('mortgage-page');
    expect(
      (within(page).getByTestId('field-propertyValue').querySelector('input') as HTMLInputElement).value,
    ).toBe('2000000');
  });

  it('in Arabic on the Saudi site, in riyals; nothing below the calculator’s minimum value', () => {
    const { unmount } = renderListing('sa', 'ar', 1_000_000);
    const section = screen.getByTestId('property-mortgage');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('تمويل هذا العقار');
    expect(within(section).getByTestId('mortgage-monthly').textContent).toBe(`${LRI}4,334${PDI} ﷼`);
    unmount();
    renderListing('sa', 'ar', 40_000);
    expect(screen.queryByTestId('property-mortgage')).toBeNull();
  });
});
