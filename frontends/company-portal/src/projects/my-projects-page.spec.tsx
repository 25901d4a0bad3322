import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { OwnedProject } from '@manzil/contracts';
import { envelopeResponse } from '@manzil/ui/test/query';
import { PROJECT, renderPortal } from '../test-harness.js';

const CREATED: OwnedProject = { ...PROJECT, publishedAt: null, status: 'draft', units: [] };

/** The listings service: cities, the company's projects, and a create that answers CREATED. */
function listings() {
  let projects: OwnedProject[] = [];
  const mock = jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://ae.localhost');
    if (init?.method === 'POST') {
      projects = [CREATED];
      return envelopeResponse(201, CREATED);
    }
    if (url.pathname === '/api/listings/v1/locations') {
      const items = url.searchParams.get('parentId')
        ? []
        : [
            {
              id: 'ae.dubai',
              site: 'ae',
              level: 'city',
              parentId: null,
              name: { en: 'Dubai', ar: 'دبي' },
              latitude: null,
              longitude: null,
            },
          ];
      return envelopeResponse(200, { items, page: 1, limit: 100, total: items.length });
    }
    return envelopeResponse(200, { items: projects, page: 1, limit: 20, total: projects.length });
  });
  globalThis.fetch = mock;
  return mock;
}

const input = (testId: string) =>
  screen.getByTestId(testId).querySelector('input, textarea') as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('/myProjects', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each([
    ['en', 'Booking, construction and handover must add up to 100%.'],
    ['ar', 'يجب أن يكون مجموع الحجز والإنشاء والتسليم 100%.'],
  ] as const)(
    'in %s checks the payment plan before sending, keeps what was typed, then creates',
    async (language, message) => {
      const mock = listings();
      renderPortal(language, '/myProjects');
      await screen.findByTestId('projects-empty');
      fireEvent.click(screen.getByTestId('project-new'));
      await waitFor(() =>
        expect(screen.getByTestId('project-city-select').querySelectorAll('option').length).toBe(2),
      );
      type('project-title-en', 'Skyline Gardens');
      type('project-title-ar', 'حدائق الأفق');
      type('project-developer', 'Emaar Properties');
      fireEvent.change(screen.getByTestId('project-city-select'), { target: { value: 'ae.dubai' } });
      type('project-total-area', '250000');
      type('project-total-units', '120');
      type('project-available-units', '60');
      type('project-starting-price', '1250000');
      type('project-delivery', '2029-06-30');
      type('project-handover', '20');
      await act(async () => {
        fireEvent.click(screen.getByTestId('project-submit'));
      });
      expect((await screen.findByTestId('project-handover-error')).textContent).toBe(message);
      expect(input('project-title-ar').value).toBe('حدائق الأفق');
      expect(mock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
      type('project-handover', '30');
      await act(async () => {
        fireEvent.click(screen.getByTestId('project-submit'));
      });
      await screen.findByTestId('company-project');
      const post = mock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
        title: { en: 'Skyline Gardens', ar: 'حدائق الأفق' },
        cityId: 'ae.dubai',
        totalUnits: 120,
        paymentPlan: { booking: 10, construction: 60, handover: 30 },
      });
      expect(screen.getByTestId('unit-form')).toBeTruthy();
    },
  );
});
