import '@manzil/ui/test/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LanguageProvider, contentQueries } from '@manzil/ui';
import { mortgageSettings } from '@manzil/ui/test/fixtures';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import type { Language, Site } from '@manzil/contracts';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { MortgageCalculatorPage, decimalTyped } from './mortgage-calculator-page.js';

const LRI = '\u2066';
const PDI = '\u2069';

/** The page with the settings already read (the query's cache filled as the content call would). */
function renderPage(site: Site, language: Language) {
  const client = testQueryClient();
  client.setQueryData(contentQueries.mortgageSettings(language).queryKey, mortgageSettings(site));
  return render(
    <WithQueryClient client={client}>
      <MemoryRouter>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site={site}>
          <MortgageCalculatorPage site={site} />
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const input = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

describe('mortgage calculator page', () => {
  it('shows the monthly payment of the defaults at once, and recomputes as the buyer types', async () => {
    renderPage('ae', 'en');
    // 800,000 over 25 years at 4.25 %.
    expect(screen.getByTestId('mortgage-monthly').textContent).toBe('AED 4,334');
    expect(screen.getByTestId('mortgage-cash').textContent).toBe('AED 279,040');
    fireEvent.change(input('field-termYears'), { target: { value: '20' } });
    await waitFor(() => expect(screen.getByTestId('mortgage-monthly').textContent).toBe('AED 4,954'));
  });

  it('gives a broken rule its message beside the field when it is left, and no figures meanwhile', async () => {
    renderPage('ae', 'en');
    fireEvent.change(input('field-termYears'), { target: { value: '30' } });
    fireEvent.blur(input('field-termYears'));
    await waitFor(() =>
      expect(screen.getByTestId('field-termYears').textContent).toContain('Loan term must be 2 to 25 years.'),
    );
    expect(screen.getByTestId('mortgage-results').textContent).toContain('Correct the highlighted fields');
    expect(screen.queryByTestId('mortgage-monthly')).toBeNull();
    // The site's minimum down payment (20 % in the UAE).
    fireEvent.change(input('field-downPayment'), { target: { value: '150000' } });
    fireEvent.blur(input('field-downPayment'));
    await waitFor(() =>
      expect(screen.getByTestId('field-downPayment').textContent).toContain(
        'Down payment is below the minimum for this site.',
      ),
    );
  });

  it('speaks Arabic on the Saudi site: its tax, its currency after the number, its 10 % minimum', async () => {
    renderPage('sa', 'ar');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('حاسبة التمويل العقاري');
    expect(screen.getByTestId('mortgage-monthly').textContent).toBe(`${LRI}4,334${PDI} ﷼`);
    expect(screen.getByTestId('mortgage-costs').textContent).toContain('ضريبة التصرفات العقارية');
    fireEvent.change(input('field-downPayment'), { target: { value: '150000' } });
    fireEvent.blur(input('field-downPayment'));
    await waitFor(() =>
      expect(screen.getByTestId('mortgage-loan').textContent).toBe(`${LRI}850,000${PDI} ﷼`),
    );
    fireEvent.change(input('field-interestRate'), { target: { value: '11' } });
    fireEvent.blur(input('field-interestRate'));
    await waitFor(() =>
      expect(screen.getByTestId('field-interestRate').textContent).toContain('يجب أن تكون نسبة الفائدة بين'),
    );
  });

  it('keeps digits typed in Arabic-Indic and one decimal point', () => {
    expect(decimalTyped('١٬٢٠٠٬٠٠٠')).toBe('1200000');
    expect(decimalTyped('4.2.5%')).toBe('4.25');
    expect(decimalTyped('٣٫٥')).toBe('3.5');
  });
});
