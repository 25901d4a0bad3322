import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { Language, ProjectPresentation } from '@manzil/contracts';
import { publicProject } from '@manzil/ui/test/fixtures';
import { DownloadProjectsProposalPage, ProjectsProposalPage } from './proposal-pages.js';
import { renderRoutes } from '../../test-harness.js';

const ID = '0193a000-0000-7000-8000-0000000000f2';
const PROJECT_ID = '0193a000-0000-7000-8000-000000000701';

const proposal: ProjectPresentation = {
  id: ID,
  kind: 'projects',
  agentName: 'Lina Haddad',
  message: 'The launch we discussed',
  createdAt: '2026-11-26T10:00:00.000Z',
  projects: [
    {
      ...publicProject({
        id: PROJECT_ID,
        description: { en: 'Waterfront towers', ar: 'أبراج على الواجهة البحرية' },
      }),
      units: [
        {
          id: '0193a000-0000-7000-8000-000000070000',
          projectId: PROJECT_ID,
          layout: 'studio',
          bedrooms: 0,
          area: 450,
          price: 1_350_000,
          floorPlanUrl: null,
          reference: null,
          status: 'available',
        },
      ],
      unitsPicked: false,
    },
  ],
};

const answer = (status: number, results: unknown) =>
  ({
    status,
    ok: status < 300,
    statusText: status < 300 ? 'OK' : 'Not Found',
    json: async () => ({ status, success: status < 300, message: '', results }),
  }) as Response;

/** The listings service's project proposal endpoint at the fetch boundary (`picked`: its units were picked). */
function listings(picked = false) {
  const mock = jest.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.startsWith(`/api/listings/v1/project-presentations/${ID}`))
      return answer(200, {
        ...proposal,
        projects: proposal.projects.map((p) => ({ ...p, unitsPicked: picked })),
      });
    return answer(404, null);
  });
  globalThis.fetch = mock;
  return mock;
}

function renderAt(language: Language, path: string) {
  return renderRoutes(language, path, {
    '/projects-proposal': <ProjectsProposalPage />,
    '/projects-proposal/:id': <ProjectsProposalPage />,
    '/download-projects-proposal': <DownloadProjectsProposalPage />,
    '/download-projects-proposal/:id': <DownloadProjectsProposalPage />,
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/projects-proposal/[id]', () => {
  it.each([
    ['en', 'Project proposal', 'Marina Crest Residences', 'Studio', 'Shared by Lina Haddad'],
    ['ar', 'عرض مشاريع', 'مساكن مارينا كريست', 'استوديو', 'مقدم من ⁨Lina Haddad⁩'],
  ] as const)(
    '%s: shows the message, each project and its available units',
    async (language, title, name, studio, from) => {
      listings();
      renderAt(language, `/projects-proposal/${ID}`);
      const page = await screen.findByTestId('proposal-page');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.getByTestId('proposal-agent').textContent).toBe(from);
      expect(screen.getByTestId('proposal-message').textContent).toBe('The launch we discussed');
      const project = within(page).getByTestId('proposal-project');
      expect(within(project).getByTestId('project-card').textContent).toContain(name);
      const units = within(project).getAllByTestId('proposal-unit');
      expect(units).toHaveLength(1);
      expect(units[0].textContent).toContain(studio);
      expect(within(project).getByTestId('proposal-units-caption').textContent).toBe(
        language === 'ar' ? 'الوحدات المتاحة' : 'Available units',
      );
      expect(screen.getByTestId('proposal-download').getAttribute('href')).toBe(
        `/download-projects-proposal/${ID}`,
      );
    },
  );

  it.each([
    ['en', 'Units picked for you'],
    ['ar', 'وحدات مختارة لك'],
  ] as const)('%s: heads the units the sender picked as picked for the reader', async (language, caption) => {
    listings(true);
    renderAt(language, `/projects-proposal/${ID}`);
    const project = await screen.findByTestId('proposal-project');
    expect(within(project).getByTestId('proposal-units-caption').textContent).toBe(caption);
    expect(within(project).getAllByTestId('proposal-unit')).toHaveLength(1);
  });

  it.each([
    ['en', 'Invalid URL'],
    ['ar', 'رابط غير صالح'],
  ] as const)('%s: says Invalid URL for an empty, malformed or unknown link', async (language, invalid) => {
    const mock = listings();
    for (const path of [
      '/projects-proposal',
      '/projects-proposal/not-an-id',
      '/download-projects-proposal',
      `/projects-proposal/${PROJECT_ID}`,
    ]) {
      const view = renderAt(language, path);
      expect((await screen.findByTestId('proposal-invalid')).textContent).toBe(invalid);
      // The page's one heading, where focus lands on arrival.
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(invalid);
      view.unmount();
    }
    // Only the well-formed unknown id is asked for; the others never reach the API.
    expect(mock.mock.calls.map(([input]) => String(input))).toEqual([
      `/api/listings/v1/project-presentations/${PROJECT_ID}`,
    ]);
  });

  it('offers the PDF in the page’s language on the download page', async () => {
    listings();
    renderAt('ar', `/download-projects-proposal/${ID}`);
    const link = await screen.findByTestId('proposal-pdf-link');
    expect(link.getAttribute('href')).toBe(`/api/listings/v1/project-presentations/${ID}/pdf?language=ar`);
  });
});
