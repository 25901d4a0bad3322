// The remote as the shell mounts it, at a path, in a language: the component specs' shared
// harness (not shipped: only the specs import it).
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Language, PublicProject, SiteConfig } from '@manzil/contracts';
import { FeedbackProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import App from './app.js';

export const CONFIG: SiteConfig = {
  site: 'ae',
  country: 'UAE',
  countryCode: 'ae',
  currency: 'AED',
  currencyLabel: 'AED',
  areaUnit: 'sqft',
  areaUnitLabel: 'sqft',
  phonePrefix: '+971',
  propertyType: [],
  staticContent: [],
};

/** A company's project as readers see it (the specs add status or units). */
export const PROJECT: Omit<PublicProject, 'publishedAt'> = {
  id: '0193a000-0000-7000-8000-000000000701',
  site: 'ae',
  slug: 'skyline-gardens-0193a000',
  title: { en: 'Skyline Gardens', ar: 'حدائق الأفق' },
  description: { en: '', ar: '' },
  developer: 'Emaar Properties',
  licenceNumber: null,
  city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
  community: null,
  totalArea: 250_000,
  areaUnit: 'sqft',
  totalUnits: 120,
  availableUnits: 60,
  deliveryDate: '2029-06-30',
  startingPrice: 1_250_000,
  currency: 'AED',
  paymentPlan: { booking: 10, construction: 60, handover: 30 },
  completion: 'offPlan',
  brochureUrl: null,
  companyId: '0193a000-0000-7000-8000-000000000a00',
};

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
