import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ProjectDetail } from '@manzil/contracts';
import { envelopeResponse } from '@manzil/ui/test/query';
import { PROJECT as BASE, renderPortal } from '../test-harness.js';

const PROJECT_ID = BASE.id;
const FLAT = '0193a000-0000-7000-8000-000000000801';
const VILLA = '0193a000-0000-7000-8000-000000000802';
const PROPOSAL_ID = '0193a000-0000-7000-8000-0000000009f1';

const unit = (id: string, layout: 'apartment' | 'villa', bedrooms: number, price: number) => ({
  id,
  projectId: PROJECT_ID,
  layout,
  bedrooms,
  area: 1_200,
  price,
  floorPlanUrl: null,
  reference: null,
  status: 'available' as const,
});

const PROJECT: ProjectDetail = {
  ...BASE,
  publishedAt: '2026-11-26T10:00:00.000Z',
  units: [unit(FLAT, 'apartment', 2, 1_500_000), unit(VILLA, 'villa', 4, 4_200_000)],
};

type Call = { method: string; url: string; body: unknown };

/**
 * The listings service for the screen: the company's proposable projects (`projects`), its
 * earlier proposals, and a create that answers `refuse` (a 422 on unitIds) or the proposal.
 */
function listings({ projects = [PROJECT], refuse }: { projects?: ProjectDetail[]; refuse?: string } = {}) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url.includes('/v1/agent/proposable-projects'))
      return envelopeResponse(200, { items: projects, page: 1, limit: 100, total: projects.length });
    if (url.includes('/v1/agent/project-presentations') && method === 'POST')
      return refuse
        ? envelopeResponse(422, { fields: [{ field: 'unitIds', message: refuse }] })
        : envelopeResponse(201, {
            id: PROPOSAL_ID,
            kind: 'projects',
            agentName: 'Skyline Developments',
            message: null,
            createdAt: '2026-11-26T10:00:00.000Z',
            projects: [{ ...PROJECT, units: [PROJECT.units[1]], unitsPicked: true }],
          });
    if (url.includes('/v1/agent/project-presentations'))
      return envelopeResponse(200, { items: [], page: 1, limit: 10, total: 0 });
    return envelopeResponse(404, null);
  });
  return calls;
}

const submit = async (form: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(form).getByTestId('project-presentation-submit'));
  });
};

describe('/project-proposals (company)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each([
    ['en', 'Project proposals', 'Skyline Gardens', 'Villa · 4 beds · 1,200 sqft'],
    ['ar', 'عروض المشاريع', 'حدائق الأفق', 'فيلا · 4 غرف نوم · '],
  ] as const)(
    '%s: picks a project, then one of its units, and shares the proposal of that unit',
    async (language, title, name, villa) => {
      const calls = listings();
      renderPortal(language, '/project-proposals');
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
      const form = await screen.findByTestId('project-presentation-form');
      // The units show only once their project is chosen.
      expect(within(form).queryByTestId('project-presentation-units')).toBeNull();
      fireEvent.click(within(form).getByRole('checkbox', { name }));
      const units = within(form).getByTestId('project-presentation-units');
      const boxes = within(units).getAllByTestId('project-presentation-unit');
      expect(boxes).toHaveLength(2);
      const villaBox = boxes.find((box) => box.parentElement?.textContent?.startsWith(villa));
      expect(villaBox).toBeDefined();
      fireEvent.click(villaBox!);
      // Taking the project out takes its picked unit with it; choosing it again starts afresh.
      fireEvent.click(within(form).getByRole('checkbox', { name }));
      expect(within(form).queryByTestId('project-presentation-units')).toBeNull();
      fireEvent.click(within(form).getByRole('checkbox', { name }));
      const again = within(form).getAllByTestId('project-presentation-unit');
      expect(again.map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
      fireEvent.click(again.find((box) => box.parentElement?.textContent?.startsWith(villa))!);
      await submit(form);
      const created = await screen.findByTestId('project-presentation-created');
      expect(within(created).getByTestId(`presentation-link-${language}`).getAttribute('href')).toBe(
        `${window.location.origin}/projects-proposal/${PROPOSAL_ID}?lang=${language}`,
      );
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        ['/api/listings/v1/agent/project-presentations', { projectIds: [PROJECT_ID], unitIds: [VILLA] }],
      ]);
    },
  );

  it('shows the server’s refusal of a unit under the units, in Arabic', async () => {
    const refusal = 'يرجى اختيار وحدات متاحة من المشاريع المختارة فقط.';
    listings({ refuse: refusal });
    renderPortal('ar', '/project-proposals');
    const form = await screen.findByTestId('project-presentation-form');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'حدائق الأفق' }));
    fireEvent.click(within(form).getAllByTestId('project-presentation-unit')[0]);
    await submit(form);
    expect((await screen.findByTestId('project-presentation-units-error')).textContent).toBe(refusal);
    expect(screen.queryByTestId('project-presentation-created')).toBeNull();
  });

  it('says so when the company has no published project to propose', async () => {
    listings({ projects: [] });
    renderPortal('en', '/project-proposals');
    expect((await screen.findByTestId('project-presentation-none-to-choose')).textContent).toBe(
      'No published project to propose yet.',
    );
    expect(screen.queryByTestId('project-presentation-form')).toBeNull();
  });
});
