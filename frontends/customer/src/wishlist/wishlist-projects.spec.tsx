import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Language, ProjectDetail, PropertySummary, Unit, WishlistEntry } from '@manzil/contracts';
import { TOKEN_KEY } from '@manzil/ui';
import { propertySummary, publicProject } from '@manzil/ui/test/fixtures';
import { ProjectPage } from '../pages/projects/project-page.js';
import { MyWishlistPage } from './my-wishlist-page.js';
import { renderRoutes } from '../test-harness.js';

const card = publicProject();
const unit = (n: number, overrides: Partial<Unit> = {}): Unit => ({
  id: `0193a000-0000-7000-8000-00000007000${n}`,
  projectId: card.id,
  layout: 'apartment',
  bedrooms: 2,
  area: 1_150,
  price: 1_890_000,
  floorPlanUrl: null,
  reference: `B-20${n}`,
  status: 'available',
  ...overrides,
});
const project: ProjectDetail = { ...card, units: [unit(1), unit(2, { status: 'reserved' })] };

const property: PropertySummary = propertySummary();

const savedAt = '2026-11-28T10:00:00.000Z';
const none = { property: null, project: null, unit: null };
const entries: WishlistEntry[] = [
  { kind: 'unit', id: unit(1).id, savedAt, ...none, project: card, unit: unit(1) },
  { kind: 'project', id: card.id, savedAt, ...none, project: card },
  { kind: 'property', id: property.id, savedAt, ...none, property },
  { kind: 'project', id: '0193a000-0000-7000-8000-000000000799', savedAt, ...none },
];

const answer = (results: unknown, status = 200) =>
  ({
    status,
    ok: status < 400,
    statusText: String(status),
    json: async () => ({ status, success: status < 400, message: 'OK', results }),
  }) as Response;

/** Search's project, and the wishlist: what is saved, its pages, saves and removals. */
function api({ saved = [] as string[] } = {}) {
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (url.pathname === `/api/search/v1/projects/${project.slug}`) return answer(project);
    if (url.pathname.endsWith('/wishlist/contains'))
      return answer({
        saved: (url.searchParams.get('ids') ?? '').split(',').filter((id) => saved.includes(id)),
      });
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { kind: string; id: string };
      return answer({ ...none, kind: body.kind, id: body.id, savedAt, project: card }, 201);
    }
    if (init?.method === 'DELETE') return answer({ removed: true });
    const kind = url.searchParams.get('kind');
    const items = entries.filter((entry) => !kind || entry.kind === kind);
    return answer({ items, page: 1, limit: 12, total: items.length });
  });
  globalThis.fetch = mock;
  return mock;
}

function signIn(role: 'user' | 'agent') {
  const payload = Buffer.from(JSON.stringify({ role, firstName: 'Sara' })).toString('base64url');
  localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
}

function renderAt(language: Language, path: string) {
  return renderRoutes(language, path, {
    '/project/:slug': <ProjectPage site="ae" />,
    '/myWishlist': <MyWishlistPage />,
  });
}

const calls = (mock: ReturnType<typeof api>) => mock.mock.calls.map(([input]) => String(input));

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('hearts of a project and its units', () => {
  it('shows a customer one heart for the project and one per unit, asked in one call per kind, and saves a unit', async () => {
    signIn('user');
    const mock = api({ saved: [card.id] });
    renderAt('en', `/project/${project.slug}`);
    const projectHeart = within(await screen.findByTestId('project-actions')).getByTestId('wishlist-heart');
    expect(projectHeart.getAttribute('data-kind')).toBe('project');
    await waitFor(() => expect(projectHeart.getAttribute('data-saved')).toBe('true'));
    const rows = screen.getAllByTestId('project-unit');
    const unitHearts = rows.map((row) => within(row).getByTestId('wishlist-heart'));
    expect(unitHearts.map((heart) => heart.getAttribute('data-kind'))).toEqual(['unit', 'unit']);
    expect(unitHearts[0].getAttribute('aria-label')).toBe('Save to wishlist: B-201');
    const contains = calls(mock).filter((url) => url.includes('/contains'));
    expect(contains).toHaveLength(2);
    expect(contains).toContain(`/api/listings/v1/wishlist/contains?kind=project&ids=${card.id}`);
    expect(contains).toContain(
      `/api/listings/v1/wishlist/contains?kind=unit&ids=${unit(1).id}%2C${unit(2).id}`,
    );

    await act(async () => {
      fireEvent.click(unitHearts[1]);
    });
    const post = mock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ kind: 'unit', id: unit(2).id });
    expect(unitHearts[1].getAttribute('data-saved')).toBe('true');
    expect(unitHearts[0].getAttribute('data-saved')).toBe('false');
    expect((await screen.findByTestId('toast')).textContent).toContain('Saved to your wishlist.');

    // Removing the project takes its own path.
    await act(async () => {
      fireEvent.click(projectHeart);
    });
    expect(calls(mock)).toContain(`/api/listings/v1/wishlist/project/${card.id}`);
  });

  it('tells an agent, in Arabic, that only customers save a unit, without asking the server', async () => {
    signIn('agent');
    const mock = api();
    renderAt('ar', `/project/${project.slug}`);
    const [row] = await screen.findAllByTestId('project-unit');
    const heart = within(row).getByTestId('wishlist-heart');
    expect(heart.getAttribute('aria-label')).toBe('أضف إلى المفضلة: \u2068B-201\u2069');
    await act(async () => {
      fireEvent.click(heart);
    });
    // A unit, not "properties" (issue 14 audit).
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'حفظ الوحدات في المفضلة متاح للعملاء فقط.',
    );
    expect(calls(mock).filter((url) => url.includes('/wishlist'))).toEqual([]);
  });
});

describe('/myWishlist with properties, projects and units', () => {
  it.each([
    ['en', '4 saved items', 'In', 'This project is no longer published.', 'Projects'],
    ['ar', '4 عناصر محفوظة', 'ضمن مشروع', 'لم يعد هذا المشروع منشورًا.', 'المشاريع'],
  ] as const)(
    'in %s shows a card per kind, marks what went, and filters by kind',
    async (language, count, unitIn, gone, tab) => {
      signIn('user');
      const mock = api({ saved: entries.map((entry) => entry.id) });
      renderAt(language, '/myWishlist');
      const grid = await screen.findByTestId('wishlist-grid');
      expect(screen.getByTestId('wishlist-page').textContent).toContain(count);
      expect(within(grid).getByTestId('property-card').textContent).toContain(property.title[language]);
      expect(within(grid).getByTestId('project-card').textContent).toContain(card.title[language]);
      const unitCard = within(grid).getByTestId('unit-card');
      expect(unitCard.textContent).toContain(unitIn);
      expect(within(unitCard).getByTestId('unit-project-link').getAttribute('href')).toBe(
        `/project/${card.slug}`,
      );
      expect(within(grid).getByTestId('wishlist-gone').textContent).toContain(gone);
      const kinds = within(grid)
        .getAllByTestId('wishlist-heart')
        .map((heart) => heart.getAttribute('data-kind'));
      expect(kinds).toEqual(['unit', 'project', 'property', 'project']);

      const projectsTab = screen.getByTestId('wishlist-tab-project');
      expect(projectsTab.textContent).toBe(tab);
      fireEvent.click(projectsTab);
      await waitFor(() => expect(projectsTab.getAttribute('aria-selected')).toBe('true'));
      await waitFor(() =>
        expect(within(screen.getByTestId('wishlist-grid')).queryByTestId('unit-card')).toBeNull(),
      );
      expect(calls(mock)).toContain('/api/listings/v1/wishlist?page=1&limit=12&kind=project');
    },
  );
});
