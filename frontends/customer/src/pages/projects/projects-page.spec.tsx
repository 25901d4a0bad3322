import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Language, ProjectDetail } from '@manzil/contracts';
import { publicProject } from '@manzil/ui/test/fixtures';
import { ProjectPage } from './project-page.js';
import { ProjectsPage } from './projects-page.js';
import { renderRoutes } from '../../test-harness.js';

const project: ProjectDetail = {
  ...publicProject({
    description: { en: 'Waterfront towers', ar: 'أبراج على الواجهة البحرية' },
    licenceNumber: 'RERA-1000',
    community: { id: 'ae.dubai.dubai-marina', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } },
    brochureUrl: '/api/listings/v1/projects/0193a000-0000-7000-8000-000000000701/brochure',
  }),
  units: [
    {
      id: '0193a000-0000-7000-8000-000000070000',
      projectId: '0193a000-0000-7000-8000-000000000701',
      layout: 'studio',
      bedrooms: 0,
      area: 450,
      price: 1_350_000,
      floorPlanUrl: null,
      reference: 'A-101',
      status: 'available',
    },
    {
      id: '0193a000-0000-7000-8000-000000070001',
      projectId: '0193a000-0000-7000-8000-000000000701',
      layout: 'apartment',
      bedrooms: 2,
      area: 1_150,
      price: 1_890_000,
      floorPlanUrl: null,
      reference: 'B-202',
      status: 'reserved',
    },
  ],
};

const ok = (results: unknown) =>
  ({
    status: 200,
    ok: true,
    statusText: 'OK',
    json: async () => ({ status: 200, success: true, message: 'OK', results }),
  }) as Response;

/** Search's projects API at the fetch boundary. */
function searchService() {
  const mock = jest.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (url.pathname === `/api/search/v1/projects/${project.slug}`) return ok(project);
    const { units, ...card } = project;
    void units;
    const items = url.searchParams.get('completion') === 'ready' ? [] : [card];
    return ok({ items, page: 1, limit: 12, total: items.length });
  });
  globalThis.fetch = mock;
  return mock;
}

function renderAt(language: Language, path: string) {
  return renderRoutes(language, path, {
    '/new-real-estate-projects': <ProjectsPage site="ae" />,
    '/مشاريع-عقارية-جديدة': <ProjectsPage site="ae" />,
    '/project/:slug': <ProjectPage site="ae" />,
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('new projects page', () => {
  it.each([
    ['en', '/new-real-estate-projects', 'Marina Crest Residences', 'Off-plan', '60 of 240'],
    ['ar', '/مشاريع-عقارية-جديدة', 'مساكن مارينا كريست', 'على الخريطة', '60 من 240'],
  ] as const)(
    'in %s shows a card per project and filters by status',
    async (language, path, title, status, units) => {
      const mock = searchService();
      renderAt(language, path);
      const card = await screen.findByTestId('project-card');
      expect(card.textContent).toContain(title);
      expect(card.textContent).toContain(status);
      expect(card.textContent).toContain('Emaar Properties');
      expect(screen.getByTestId('project-available').textContent).toBe(units);
      expect(screen.getByTestId('project-link').getAttribute('href')).toBe(
        '/project/marina-crest-residences',
      );
      fireEvent.click(screen.getByTestId('projects-filter-ready'));
      await screen.findByTestId('projects-empty');
      expect(mock.mock.calls.some(([input]) => String(input).includes('completion=ready'))).toBe(true);
    },
  );
});

describe('project page', () => {
  it.each([
    ['en', 'Units', 'Studio', 'Reserved', 'On handover'],
    ['ar', 'الوحدات', 'استوديو', 'محجوزة', 'عند التسليم'],
  ] as const)(
    'in %s shows the payment plan and the units table',
    async (language, heading, studio, reserved, handover) => {
      searchService();
      renderAt(language, `/project/${project.slug}`);
      expect((await screen.findByTestId('project-title')).textContent).toBe(project.title[language]);
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
      const rows = screen.getByTestId('project-units').querySelectorAll('tbody tr');
      expect(rows).toHaveLength(2);
      expect(rows[0].textContent).toContain(studio);
      expect(rows[1].textContent).toContain(reserved);
      expect(screen.getByTestId('project-plan').textContent).toContain(handover);
      await waitFor(() =>
        expect(screen.getByTestId('project-brochure').getAttribute('href')).toBe(project.brochureUrl),
      );
    },
  );
});
