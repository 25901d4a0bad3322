import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Enquiry, Requirement } from '@manzil/contracts';
import { publicProject, requirement } from '@manzil/ui/test/fixtures';
import { envelopeResponse } from '@manzil/ui/test/query';
import { ID, owned, renderPortal } from '../test-harness.js';

const ENQUIRY_ID = '0193c1a2-0000-7000-8000-0000000000e1';
const PRESENTATION_ID = '0193c1a2-0000-7000-8000-0000000000f1';
const PROJECT_PRESENTATION_ID = '0193c1a2-0000-7000-8000-0000000000f2';
const PROJECT_ID = '0193c1a2-0000-7000-8000-000000000701';

const project = publicProject({
  id: PROJECT_ID,
  companyId: '0193c1a2-0000-7000-8000-000000000a00',
});

const enquiry = (respondedAt: string | null): Enquiry => ({
  id: ENQUIRY_ID,
  propertyId: ID,
  property: { slug: 'sea-view', title: { en: 'Sea view flat', ar: 'شقة بإطلالة بحرية' } },
  type: 'book-viewing',
  name: 'Sara Ali',
  email: 'sara@example.com',
  phone: '+971501234567',
  message: 'Saturday morning?',
  createdAt: '2026-11-26T10:00:00.000Z',
  respondedAt,
});

type Call = { method: string; url: string; body: unknown };

/** The listings service for these pages, answered in memory. */
function service() {
  const calls: Call[] = [];
  let current = enquiry(null);
  const published = {
    ...owned('ae', { title: { en: 'Sea view flat', ar: 'شقة بإطلالة بحرية' } }),
    approvalStatus: 'accepted' as const,
    approvedAt: '2026-11-20T10:00:00.000Z',
  };
  globalThis.fetch = jest.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url.includes('/v1/agent/enquiries/') && method === 'POST') {
      current = enquiry('2026-11-26T10:03:00.000Z');
      return envelopeResponse(201, current);
    }
    if (url.includes('/v1/agent/enquiries'))
      return envelopeResponse(200, { items: [current], page: 1, limit: 10, total: 1 });
    if (url.includes('/v1/agent/requirements'))
      return envelopeResponse(200, { items: [], page: 1, limit: 10, total: 0 });
    if (url.includes('/v1/owner/properties'))
      return envelopeResponse(200, { items: [published], page: 1, limit: 100, total: 1 });
    if (url.includes('/v1/agent/presentations') && method === 'POST')
      return envelopeResponse(201, {
        id: PRESENTATION_ID,
        kind: 'properties',
        agentName: 'Lina',
        message: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        properties: [],
      });
    if (url.includes('/v1/agent/presentations'))
      return envelopeResponse(200, { items: [], page: 1, limit: 10, total: 0 });
    if (url.includes('/v1/agent/proposable-projects'))
      return envelopeResponse(200, { items: [{ ...project, units: [] }], page: 1, limit: 100, total: 1 });
    if (url.includes('/v1/agent/project-presentations') && method === 'POST')
      return envelopeResponse(201, {
        id: PROJECT_PRESENTATION_ID,
        kind: 'projects',
        agentName: 'Lina',
        message: 'The launch',
        createdAt: '2026-11-26T10:00:00.000Z',
        projects: [{ ...project, units: [], unitsPicked: false }],
      });
    if (url.includes('/v1/agent/project-presentations'))
      return envelopeResponse(200, { items: [], page: 1, limit: 10, total: 0 });
    return envelopeResponse(404, null);
  });
  return calls;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/enquiries', () => {
  it.each([
    ['en', 'Book A viewing', 'Mark responded'],
    ['ar', 'حجز معاينة', 'تحديد كمُجاب عليه'],
  ] as const)('%s: lists an enquiry with its type and marks it responded', async (language, type, mark) => {
    const calls = service();
    renderPortal({ language, path: '/enquiries' });
    const row = await screen.findByTestId('enquiry-row');
    expect(within(row).getByTestId('enquiry-row-type').textContent).toBe(type);
    expect(row.textContent).toContain('Sara Ali');
    const button = within(row).getByTestId('enquiry-mark-responded');
    expect(button.textContent).toBe(mark);
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(screen.getByTestId('enquiry-row').getAttribute('data-responded')).toBe('yes'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/listings/v1/agent/enquiries/${ENQUIRY_ID}/responded`,
    ]);
  });
});

describe('/requirements', () => {
  /** The service of these pages, with one customer's requirement matching the agent's listings. */
  const matching = (one: Requirement) => {
    service();
    const answer = globalThis.fetch;
    globalThis.fetch = jest.fn<typeof fetch>(async (input, init) =>
      String(input).includes('/v1/agent/requirements')
        ? envelopeResponse(200, { items: [one], page: 1, limit: 10, total: 1 })
        : answer(input, init),
    );
  };

  it('says in Arabic when no requirement matches', async () => {
    service();
    renderPortal({ language: 'ar', path: '/requirements' });
    const page = await screen.findByTestId('requirements-page');
    expect(await within(page).findByText('لا توجد طلبات مطابقة')).toBeTruthy();
    expect(within(page).queryByRole('navigation')).toBeNull();
  });

  it('shows the agreement the customer offers and the Saudi user type, in Arabic', async () => {
    matching(requirement({ agreementStatus: 'exclusive', userType: 'corporate' }));
    renderPortal({ language: 'ar', path: '/requirements' });
    const row = await screen.findByTestId('requirement-row');
    expect(within(row).getByTestId('requirement-row-agreement').textContent).toBe('اتفاق حصري');
    expect(within(row).getByTestId('requirement-row-budget').textContent).toContain('منشأة');
  });

  it('says nothing of an agreement the customer did not offer', async () => {
    matching(requirement());
    renderPortal({ path: '/requirements' });
    const row = await screen.findByTestId('requirement-row');
    expect(within(row).queryByTestId('requirement-row-agreement')).toBeNull();
  });

  it('offers to read the list again when it failed', async () => {
    service();
    const answer = globalThis.fetch;
    let failed = 0;
    globalThis.fetch = jest.fn<typeof fetch>(async (input, init) => {
      if (String(input).includes('/v1/agent/requirements') && failed++ === 0)
        return envelopeResponse(500, null);
      return answer(input, init);
    });
    renderPortal({ path: '/requirements' });
    const fallback = await screen.findByTestId('error-fallback');
    await act(async () => {
      fireEvent.click(within(fallback).getByRole('button'));
    });
    expect(await screen.findByText('No matching requirements')).toBeTruthy();
  });
});

describe('/presentations', () => {
  it('asks for a listing in Arabic, then creates the proposal and offers both links', async () => {
    const calls = service();
    renderPortal({ language: 'ar', path: '/presentations' });
    const form = await screen.findByTestId('presentation-form');
    await act(async () => {
      fireEvent.click(within(form).getByTestId('presentation-submit'));
    });
    expect((await screen.findByTestId('presentation-listings-error')).textContent).toBe(
      'يرجى اختيار إعلان واحد على الأقل من إعلاناتك.',
    );
    fireEvent.click(within(form).getByRole('checkbox', { name: 'شقة بإطلالة بحرية' }));
    await act(async () => {
      fireEvent.click(within(form).getByTestId('presentation-submit'));
    });
    const created = await screen.findByTestId('presentation-created');
    expect(within(created).getByTestId('presentation-link-ar').getAttribute('href')).toBe(
      `${window.location.origin}/properties-proposal/${PRESENTATION_ID}?lang=ar`,
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ propertyIds: [ID] });
  });
});

describe('/presentations: project proposal', () => {
  it.each([
    ['en', 'Please choose at least one project you may propose.', 'Marina Crest Residences'],
    ['ar', 'يرجى اختيار مشروع واحد على الأقل يمكنك عرضه.', 'مساكن مارينا كريست'],
  ] as const)(
    '%s: asks for a project, then creates the proposal and offers both links',
    async (language, required, name) => {
      const calls = service();
      renderPortal({ language, path: '/presentations' });
      const form = await screen.findByTestId('project-presentation-form');
      await act(async () => {
        fireEvent.click(within(form).getByTestId('project-presentation-submit'));
      });
      expect((await screen.findByTestId('project-presentation-projects-error')).textContent).toBe(required);
      fireEvent.click(within(form).getByRole('checkbox', { name }));
      fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'The launch' } });
      await act(async () => {
        fireEvent.click(within(form).getByTestId('project-presentation-submit'));
      });
      const created = await screen.findByTestId('project-presentation-created');
      expect(within(created).getByTestId(`presentation-link-${language}`).getAttribute('href')).toBe(
        `${window.location.origin}/projects-proposal/${PROJECT_PRESENTATION_ID}?lang=${language}`,
      );
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
        [
          '/api/listings/v1/agent/project-presentations',
          { projectIds: [PROJECT_ID], unitIds: [], message: 'The launch' },
        ],
      ]);
    },
  );
});
