// The remote as the shell mounts it, at a path, in a language: the component specs' shared
// harness (not shipped: only the specs import it).
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Language, PublicProject, SiteConfig } from '@manzil/contracts';
import { FeedbackProvider } from '@manzil/ui';
import { publicProject, siteConfig } from '@manzil/ui/test/fixtures';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import App from './app.js';

export const CONFIG: SiteConfig = siteConfig('ae');

/** A company's project as readers see it (the specs add status or units). */
export const PROJECT: Omit<PublicProject, 'publishedAt'> = publicProject({
  slug: 'skyline-gardens-0193a000',
  title: { en: 'Skyline Gardens', ar: 'حدائق الأفق' },
  totalArea: 250_000,
  totalUnits: 120,
  deliveryDate: '2029-06-30',
  startingPrice: 1_250_000,
});

export function renderPortal(language: Language, path: string) {
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <FeedbackProvider language={language}>
          <App language={language} site="ae" config={CONFIG} session={null} />
        </FeedbackProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}
