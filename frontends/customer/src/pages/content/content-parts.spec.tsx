import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { LanguageProvider } from '@manzil/ui';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import { QueryPage } from './content-parts.js';

const pending = { isPending: true, isError: false } as UseQueryResult<string>;

function renderPending(language: 'en' | 'ar') {
  return render(
    <MemoryRouter>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
        <QueryPage query={pending}>{(data) => <h1>{data}</h1>}</QueryPage>
      </LanguageProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('QueryPage while its data is coming', () => {
  it.each([
    ['en', 'Loading'],
    ['ar', 'جارٍ التحميل'],
  ] as const)(
    '%s: is a status named "%s", with no ARIA attribute its role forbids',
    async (language, name) => {
      const { container } = renderPending(language);
      expect(screen.getByRole('status', { name })).toBeTruthy();
      // The rule the browser walk's axe found broken here (a label on a plain <div>): serious.
      const results = await axe.run(container, {
        runOnly: ['aria-prohibited-attr', 'aria-allowed-attr', 'aria-allowed-role'],
      });
      expect(results.violations.map((violation) => violation.id)).toEqual([]);
    },
  );
});
