import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OwnedProject } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { ProjectDetail } from './project-detail.js';
import { ProjectsPage } from './projects-page.js';

const ID = '0195f3a0-0000-7000-8000-0000000000a1';
const published: OwnedProject = {
  id: ID,
  site: 'ae',
  slug: 'marina-vista',
  title: { en: 'Marina Vista', ar: 'مارينا فيستا' },
  description: { en: '', ar: '' },
  developer: 'Emaar',
  licenceNumber: 'RERA-1',
  city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
  community: null,
  totalArea: 25_000,
  areaUnit: 'sqft',
  totalUnits: 120,
  availableUnits: 40,
  deliveryDate: '2028-06-30',
  startingPrice: 1_250_000,
  currency: 'AED',
  paymentPlan: { booking: 10, construction: 60, handover: 30 },
  completion: 'offPlan',
  brochureUrl: null,
  companyId: '0195f3a0-0000-7000-8000-0000000000c1',
  publishedAt: '2026-11-20T10:00:00.000Z',
  status: 'published',
  units: [
    {
      id: '0195f3a0-0000-7000-8000-0000000000b1',
      projectId: ID,
      layout: 'apartment',
      bedrooms: 2,
      area: 1_200,
      price: 1_500_000,
      floorPlanUrl: null,
      reference: 'A-1203',
      status: 'available',
    },
  ],
};

const answer = (status: number, results: unknown, message = '') =>
  ({
    status,
    ok: status < 400,
    statusText: '',
    json: async () => ({ status, success: status < 400, message, results }),
  }) as Response;

/** Listings as the console sees it: the project goes back to draft once unpublished. */
function fakeListings() {
  let project = published;
  return jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (init?.method === 'POST' && url.pathname === `/api/listings/v1/projects/${ID}/unpublish`) {
      project = { ...project, status: 'draft', publishedAt: null };
      return answer(200, project);
    }
    if (url.pathname === `/api/listings/v1/owner/projects/${ID}`) return answer(200, project);
    if (url.pathname === '/api/listings/v1/owner/projects')
      return answer(200, { items: [project], page: 1, limit: 20, total: 1 });
    return answer(404, null, 'No Record Found');
  });
}

function renderConsole(path: string, language: 'en' | 'ar' = 'en') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  render(
    <WithQueryClient client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'en' ? en : ar} site="ae">
          <FeedbackProvider language={language}>
            <Routes>
              <Route path="/admin/projects" element={<ProjectsPage site="ae" />} />
              <Route path="/admin/projects/:id" element={<ProjectDetail />} />
            </Routes>
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

const listCalls = (fetchMock: ReturnType<typeof fakeListings>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://ae.localhost'))
    .filter((url) => url.pathname === '/api/listings/v1/owner/projects');

describe('admin projects', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('lists the site’s projects, paginated, and asks again by status and completion', async () => {
    const fetchMock = fakeListings();
    globalThis.fetch = fetchMock;
    renderConsole('/admin/projects');
    // Generous waits: the suite runs on a busy shared machine.
    const row = await screen.findByTestId('project-row', {}, { timeout: 5_000 });
    expect(within(row).getByRole('link', { name: 'Marina Vista' }).getAttribute('href')).toBe(
      `/admin/projects/${ID}`,
    );
    expect(listCalls(fetchMock)[0].searchParams.get('limit')).toBe('20');
    expect(listCalls(fetchMock)[0].searchParams.get('status')).toBeNull();
    fireEvent.change(screen.getByTestId('projects-filter-status'), { target: { value: 'published' } });
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('status')).toBe('published'), {
      timeout: 5_000,
    });
    fireEvent.change(screen.getByTestId('projects-filter-completion'), { target: { value: 'ready' } });
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('completion')).toBe('ready'), {
      timeout: 5_000,
    });
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('status')).toBe('published');
  });

  it('shows a project with its units in Arabic and unpublishes it after a confirmation', async () => {
    const fetchMock = fakeListings();
    globalThis.fetch = fetchMock;
    renderConsole(`/admin/projects/${ID}`, 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'مارينا فيستا' })).toBeTruthy();
    const unit = screen.getByTestId('project-unit');
    expect(within(unit).getByText('شقة')).toBeTruthy();
    expect(within(unit).getByText('متاحة')).toBeTruthy();
    expect(screen.getByTestId('project-status').textContent).toBe('منشور');

    fireEvent.click(screen.getByTestId('project-unpublish'));
    // Nothing is sent before the admin confirms.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    const ok = await screen.findByRole('button', { name: 'نعم' });
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) => init?.method === 'POST' && String(input).endsWith(`/projects/${ID}/unpublish`),
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.getByTestId('project-status').textContent).toBe('مسودة'));
    expect(screen.queryByTestId('project-unpublish')).toBeNull();
  });
});
