import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Language, ProjectDetail } from '@manzil/contracts';
import { setLoginPromptHandler, TOKEN_KEY } from '@manzil/ui';
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
  localStorage.clear();
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

describe('new projects page: the wishlist heart on each card (spec §6)', () => {
  const { units: _units, ...card } = project;
  /** Search's list of one project, and the wishlist: nothing saved yet, a save answered 201. */
  function api() {
    const mock = jest.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://ae.localhost');
      if (url.pathname.endsWith('/wishlist/contains')) return ok({ saved: [] });
      if (init?.method === 'POST')
        return {
          ...ok({
            kind: 'project',
            id: card.id,
            savedAt: '2026-11-28T10:00:00.000Z',
            property: null,
            unit: null,
            project: card,
          }),
          status: 201,
        } as Response;
      return ok({ items: [card], page: 1, limit: 12, total: 1 });
    });
    globalThis.fetch = mock;
    return mock;
  }
  const signIn = (role: 'user' | 'agent') =>
    localStorage.setItem(
      TOKEN_KEY,
      `header.${Buffer.from(JSON.stringify({ role, firstName: 'Sara' })).toString('base64url')}.signature`,
    );
  const heartOf = async (language: Language) => {
    renderAt(language, language === 'ar' ? '/مشاريع-عقارية-جديدة' : '/new-real-estate-projects');
    return within(await screen.findByTestId('project-card')).getByTestId('wishlist-heart');
  };
  const posts = (mock: ReturnType<typeof api>) =>
    mock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it('a customer saves the project from its card, named in the label; the page asks what is saved once', async () => {
    signIn('user');
    const mock = api();
    const heart = await heartOf('en');
    expect(heart.getAttribute('data-kind')).toBe('project');
    expect(heart.getAttribute('aria-label')).toBe('Save to wishlist: Marina Crest Residences');
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    expect(mock.mock.calls.filter(([input]) => String(input).includes('/wishlist/contains'))).toHaveLength(1);
    await act(async () => {
      fireEvent.click(heart);
    });
    expect(JSON.parse(String(posts(mock)[0][1]?.body))).toEqual({ kind: 'project', id: card.id });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
  });

  it('an agent sees the heart but is told, in Arabic, that only customers save projects; nothing is sent', async () => {
    signIn('agent');
    const mock = api();
    const heart = await heartOf('ar');
    await act(async () => {
      fireEvent.click(heart);
    });
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'حفظ المشاريع في المفضلة متاح للعملاء فقط.',
    );
    expect(posts(mock)).toHaveLength(0);
    expect(mock.mock.calls.some(([input]) => String(input).includes('/wishlist'))).toBe(false);
  });

  it('a visitor gets the wishlist login prompt', async () => {
    const mock = api();
    const prompts: string[] = [];
    const stop = setLoginPromptHandler((reason) => prompts.push(reason));
    fireEvent.click(await heartOf('en'));
    expect(prompts).toEqual(['wishlist']);
    expect(posts(mock)).toHaveLength(0);
    stop();
  });
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
